import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseLoginPopup } from "../../app/popups/login-state.ts";
import { applyPaymentEvent } from "../../server/commerce/apply-event.server.ts";
import type { PaymentEvent } from "../../server/commerce/providers/types.server.ts";
import { orders, users } from "../../server/db/schema.server.ts";
import { recordPlanEndingPopups } from "../../server/popups/plan-expiry.server.ts";
import { POPUP_EVENTS, recordPopupEvents, setPopupCodes } from "../../server/popups/codes.server.ts";
import { dismissFirstPopup } from "../../server/popups/dismiss.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("spec 4 login-state popups, issue 12.6: popup codes have a source (events, support command)", () => {
  let services: Services;
  let userId: number;
  const facts = (popups: number[]) => ({
    userId,
    datereg: new Date(),
    popups,
    licenseType: 0,
    managerPhone: "",
    cookies: "",
    now: new Date(),
  });
  beforeAll(async () => {
    services = await startTestServices("pglite", { IN_PROCESS_WORKER: "0" });
    const [u] = await services.db.insert(users).values({ email: "Pat@Example.com" }).returning({ id: users.id });
    userId = u!.id;
  });
  afterAll(() => services?.close());

  it("each event writes its code once, in order, and the first code picks the spec 4 popup type", async () => {
    expect(await recordPopupEvents(services.db, userId, ["registered", "email-unconfirmed"])).toEqual([1, 2]);
    expect(await recordPopupEvents(services.db, userId, ["registered", "payment-failed"])).toEqual([1, 2, 5]);
    expect(chooseLoginPopup(facts([1, 2, 5]))).toBe(18);
    await dismissFirstPopup(services.db, userId, 1);
    const [row] = await services.db.select({ popups: users.popups }).from(users).where(eq(users.id, userId));
    expect(row!.popups).toEqual([2, 5]);
    expect(chooseLoginPopup(facts(row!.popups))).toBe(19);
    for (const e of Object.values(POPUP_EVENTS)) expect(chooseLoginPopup(facts([e.code]))).toBe(e.popup);
  });

  it("support sets a user's codes by e-mail (case-insensitive); unknown codes and users are refused", async () => {
    expect(await setPopupCodes(services.db, "pat@example.com", [11, 3])).toEqual({ userId, popups: [11, 3] });
    await expect(setPopupCodes(services.db, "pat@example.com", [4])).rejects.toMatchObject({ code: "validation", field: "codes" });
    await expect(setPopupCodes(services.db, "nobody@example.com", [1])).rejects.toMatchObject({ code: "not_found", field: "email" });
    expect(await setPopupCodes(services.db, "pat@example.com", [])).toEqual({ userId, popups: [] });
  });

  const queue = async (id: number) => (await services.db.select({ p: users.popups }).from(users).where(eq(users.id, id)))[0]!.p;
  const newUser = async (email: string) => (await services.db.insert(users).values({ email }).returning({ id: users.id }))[0]!.id;
  const order = async (buyer: number, patch: Partial<typeof orders.$inferInsert> = {}) =>
    (
      await services.db
        .insert(orders)
        .values({ userId: buyer, productKey: "pro", totalCents: 1000, provider: "sandbox", ...patch })
        .returning({ id: orders.id })
    )[0]!.id;
  const pay = (orderId: number, eventId: string, kind: PaymentEvent["kind"]) =>
    applyPaymentEvent({ db: services.db, event: { provider: "sandbox", eventId, type: kind, kind, orderId }, affiliateRate: 0 });

  it("codes 3 and 5 come from payment events, written in the payment's transaction, once per event", async () => {
    const buyer = await newUser("buyer@example.com");
    const declined = await order(buyer);
    expect(await pay(declined, "ev-1", "failed")).toBe("applied");
    expect(await queue(buyer)).toEqual([5]);
    expect(await pay(declined, "ev-1", "failed")).toBe("duplicate");
    const paid = await order(buyer);
    expect(await pay(paid, "ev-2", "paid")).toBe("applied");
    expect(await queue(buyer)).toEqual([5, 3]);
    // A rebill is a payment that went through: code 3 again once the first one was shown.
    await dismissFirstPopup(services.db, buyer, 5);
    await dismissFirstPopup(services.db, buyer, 3);
    expect(await pay(paid, "ev-3", "rebill")).toBe("applied");
    expect(await queue(buyer)).toEqual([3]);
    // Events that are not about a payment going through or failing write nothing.
    expect(await pay(paid, "ev-4", "subscription-cancelling")).toBe("applied");
    expect(await queue(buyer)).toEqual([3]);
  });

  it("code 11: a paid period ending within 7 days, not renewed by an active subscription, once per period", async () => {
    const now = new Date("2026-11-24T06:00:00Z");
    const day = 86_400_000;
    const ending = await newUser("ending@example.com");
    const renewing = await newUser("renewing@example.com");
    const later = await newUser("later@example.com");
    const endingOrder = await order(ending, { status: "paid", expiresAt: new Date(now.getTime() + 3 * day) });
    await order(renewing, { status: "paid", expiresAt: new Date(now.getTime() + 2 * day), subscriptionState: "active" });
    await order(later, { status: "paid", expiresAt: new Date(now.getTime() + 10 * day) });
    expect(await recordPlanEndingPopups({ db: services.db, now })).toEqual([ending]);
    expect(await queue(ending)).toEqual([11]);
    await dismissFirstPopup(services.db, ending, 11);
    // The next day's job: the same period is not announced twice.
    expect(await recordPlanEndingPopups({ db: services.db, now: new Date(now.getTime() + day) })).toEqual([]);
    expect(await queue(ending)).toEqual([]);
    // Renewed by a new order, then that period ends soon too: announced again.
    await services.db
      .update(orders)
      .set({ expiresAt: new Date(now.getTime() + 40 * day) })
      .where(eq(orders.id, endingOrder));
    expect(await recordPlanEndingPopups({ db: services.db, now: new Date(now.getTime() + 35 * day) })).toEqual([ending]);
    expect(await queue(renewing)).toEqual([]);
  });
});
