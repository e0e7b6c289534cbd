/**
 * The HTML pages of a project's latest finished audit, for picking a page to test (issue 12.1)
 * and for sampling site speed by template (issue 12.2).
 */
import { and, asc, desc, eq, gte, like, lt } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditPages, audits } from "../db/schema.server.ts";

/** Id of the project's latest finished audit, or null. */
export async function latestAuditId(db: Database, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.projectId, projectId), eq(audits.status, "done")))
    .orderBy(desc(audits.id))
    .limit(1);
  return row?.id ?? null;
}

/** URLs of the 2xx HTML pages of the project's latest audit, alphabetically (at most `limit`, default 500). */
export async function projectPageUrls(o: { db: Database; owner: Owner; projectId: number; limit?: number }): Promise<string[]> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read" });
  const auditId = await latestAuditId(o.db, o.projectId);
  if (auditId === null) return [];
  const rows = await o.db
    .select({ url: auditPages.url })
    .from(auditPages)
    .where(
      and(
        eq(auditPages.auditId, auditId),
        gte(auditPages.statusCode, 200),
        lt(auditPages.statusCode, 300),
        like(auditPages.contentType, "text/html%"),
      ),
    )
    .orderBy(asc(auditPages.url))
    .limit(o.limit ?? 500);
  return rows.map((r) => r.url);
}
