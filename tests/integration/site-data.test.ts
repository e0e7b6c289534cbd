import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPlans } from "../../server/site/prices.server.ts";
import { defaultManagerContacts } from "../../server/site/contacts.server.ts";
import { findVideoMessage } from "../../server/site/video.server.ts";
import { loadPageTexts } from "../../server/site/page-texts.server.ts";
import { loadTexts } from "../../server/i18n/texts.server.ts";
import { seoRoutes } from "../../server/seo/routes.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 4 marketing data on %s", (kind) => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices(kind);
  });
  afterAll(async () => {
    await services?.close();
  });

  it("spec 3 price tables: AutoSEO terms, discounts 25/15/10 %, best deal on 12 months, the 0.99 USD trial", async () => {
    const plans = await listPlans(services.db, "autoseo");
    const terms = plans.filter((p) => p.tier === "").map((p) => [p.months, p.priceCents, p.regularCents, p.discountPercent, p.bestDeal]);
    expect(terms).toEqual([
      [12, 89100, 118800, 25, true],
      [6, 50400, 59400, 15, false],
      [3, 26700, 29700, 10, false],
      [1, 9900, null, 0, false],
    ]);
    expect(plans.find((p) => p.tier === "trial")).toMatchObject({ days: 14, priceCents: 99 });
  });

  it("spec 3 analytics tiers and SSL (standard is the best deal)", async () => {
    const analytics = await listPlans(services.db, "analytics");
    const year = analytics.filter((p) => p.months === 12).map((p) => [p.tier, p.priceCents, p.regularCents]);
    expect(year).toEqual([
      ["standard", 62400, 82800],
      ["professional", 88800, 118800],
      ["advanced", 224400, 298800],
    ]);
    const ssl = await listPlans(services.db, "ssl");
    expect(ssl.map((p) => [p.tier, p.priceCents, p.bestDeal])).toEqual([
      ["basic", 9900, false],
      ["standard", 14900, true],
      ["premium", 24900, false],
    ]);
  });

  it("page texts load per screen; the shared layout texts leave page groups out", async () => {
    const page = await loadPageTexts(services.db, "en", "autoseo");
    expect(page[30200]).toMatch(/AutoSEO/);
    expect(page[30000]).toBe("What's included");
    expect(page[30400]).toBeUndefined();
    const shell = await loadTexts(services.db, "en", { shell: true });
    expect(shell[30200]).toBeUndefined();
    expect(shell[1262]).toBe("Sign in");
  });

  it("issue 15: Open Graph cards exist only for pages whose card texts exist in every language (home, marketing pages)", async () => {
    const app = seoRoutes(services);
    const home = await app.request("/og/de/home.png");
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toBe("image/png");
    expect((await app.request("/og/de/analyzer.png")).status).toBe(404);
    expect((await app.request("/og/xx/home.png")).status).toBe(404);
  });

  it("issue 15: the audit checks' texts are rendered on the server and never sent with the shell", async () => {
    const shell = await loadTexts(services.db, "en", { shell: true });
    expect(shell[60041]).toBeUndefined();
    expect((await loadTexts(services.db, "en", { groups: ["checks"] }))[60041]).toBe("Title is missing or empty");
  });

  it("the default manager and the default video message come from the database", async () => {
    expect((await defaultManagerContacts(services.db))?.email).toMatch(/@/);
    const video = await findVideoMessage(services.db, null);
    expect(video).toMatchObject({ slug: "welcome", captionsUrl: "/video/manager-message.en.vtt" });
    expect(await findVideoMessage(services.db, "no-such-video")).toBeNull();
  });
});
