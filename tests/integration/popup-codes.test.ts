import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseLoginPopup } from "../../app/popups/login-state.ts";
import { users } from "../../server/db/schema.server.ts";
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
});
