/**
 * The one access rule (issue 8.1, docs/decisions/0007-one-access-rule.md). Everything a user owns
 * hangs on a holder, a project or an account, and the rule is the same for all of it:
 *
 *   a holder that belongs to a user is open to that signed-in user only;
 *   a holder that belongs to no user (a guest's) is open to the visitor cookie that created it.
 *
 * The owner may read, change and delete; nobody else learns that the thing exists (404, never 403).
 * Every loader, action, API route and job reaches owned data through {@link authorize} or, for
 * lists, {@link ownedBy}.
 */
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError, errorText } from "../errors.server.ts";
import type { Database } from "../db/client.server.ts";
import type { Owner } from "./owner.server.ts";
import { RESOURCES, type ResourceKind } from "./resources.server.ts";

/** What the requester wants to do with a resource. */
export type Action = "read" | "change" | "delete";

/** Who holds a resource: a user account, or (userId null) a guest visitor. */
export interface Holder {
  userId: number | null;
  visitorId: string | null;
}

/** The rule itself: true when `owner` may act on what `holder` holds. */
export function mayAccess(owner: Owner, holder: Holder): boolean {
  if (holder.userId !== null) return owner.userId === holder.userId;
  return owner.visitorId !== null && owner.visitorId === holder.visitorId;
}

/**
 * The same rule as a SQL condition over a table's holder columns, for lists ("my projects").
 * Returns `false` (matches nothing) for an anonymous owner.
 */
export function ownedBy(owner: Owner, cols: { userId: AnyPgColumn; visitorId: AnyPgColumn }): SQL {
  const parts: SQL[] = [];
  if (owner.userId !== null) parts.push(eq(cols.userId, owner.userId));
  if (owner.visitorId !== null) parts.push(and(isNull(cols.userId), eq(cols.visitorId, owner.visitorId))!);
  return parts.length ? or(...parts)! : sql`false`;
}

/** Input of {@link authorize}. */
export interface AuthorizeOptions {
  db: Database;
  owner: Owner;
  resource: ResourceKind;
  id: number;
  action: Action;
  /** Input field named in the 404 (defaults to the resource kind's own field name). */
  field?: string;
}

/**
 * Checks the rule for one resource.
 * @throws AppError "not_found" naming the id field when it does not exist or the owner may not act on it.
 */
export async function authorize(opts: AuthorizeOptions): Promise<void> {
  const kind = RESOURCES[opts.resource];
  const holder = Number.isSafeInteger(opts.id) && opts.id > 0 ? await kind.holder(opts.db, opts.id) : null;
  if (!holder || !mayAccess(opts.owner, holder)) throw new AppError("not_found", errorText(kind.notFound), opts.field ?? kind.field);
}
