/**
 * The source of the login-state popup codes (spec 4; docs/decisions/0011-popup-codes.md): the
 * product appends a code to the user's queue (users.popups, first code first) when the event behind
 * it happens; the page shows the first code's popup and dismisses it (dismiss.server.ts). Support
 * staff set a user's codes with `npm run popups`.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
import { users } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";

/** Each code, the event that writes it, and the popup type it opens (spec 4: 1→18, 2→19, 3→21, 5→20, 11→17). */
export const POPUP_EVENTS = {
  registered: { code: 1, popup: 18 },
  "email-unconfirmed": { code: 2, popup: 19 },
  "payment-succeeded": { code: 3, popup: 21 },
  "payment-failed": { code: 5, popup: 20 },
  "plan-ends-soon": { code: 11, popup: 17 },
} as const;

/** An event that writes a popup code. */
export type PopupEvent = keyof typeof POPUP_EVENTS;

/** Every valid code. */
export const POPUP_CODES: readonly number[] = Object.values(POPUP_EVENTS).map((e) => e.code);

/**
 * Appends the codes of `events` to the user's queue, in order, skipping codes already queued.
 * @returns the queue after the change.
 */
export async function recordPopupEvents(db: Database | Transaction, userId: number, events: PopupEvent[]): Promise<number[]> {
  let queue: number[] = [];
  for (const event of events) {
    const code = POPUP_EVENTS[event].code;
    const [row] = await db
      .update(users)
      .set({
        popups: sql`case when ${users.popups} @> ${JSON.stringify([code])}::jsonb then ${users.popups} else ${users.popups} || ${JSON.stringify([code])}::jsonb end`,
      })
      .where(eq(users.id, userId))
      .returning({ popups: users.popups });
    queue = row?.popups ?? [];
  }
  return queue;
}

/**
 * Support: replaces a user's queue (found by e-mail) with `codes` (an empty list clears it).
 * @throws AppError "validation" (field "codes") for a code that has no event, "not_found" (field "email").
 */
export async function setPopupCodes(db: Database, email: string, codes: number[]): Promise<{ userId: number; popups: number[] }> {
  const bad = codes.find((c) => !POPUP_CODES.includes(c));
  if (bad !== undefined) throw new AppError("validation", errorText(58161, { code: bad, codes: POPUP_CODES.join(", ") }), "codes");
  const [row] = await db
    .update(users)
    .set({ popups: [...new Set(codes)] })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id, popups: users.popups });
  if (!row) throw new AppError("not_found", errorText(58162, { email }), "email");
  return { userId: row.id, popups: row.popups };
}
