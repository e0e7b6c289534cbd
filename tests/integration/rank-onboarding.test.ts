import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { projects, users } from "../../server/db/schema.server.ts";
import { onboardingSteps } from "../../server/project/onboarding.server.ts";
import { addEngine } from "../../server/rank/engines.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

describe("issue 10.1 / spec 2 /start: the search-engines step right after adding a site", () => {
  let services: Services;
  let owner: Owner;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    const [u] = await services.db.insert(users).values({ email: "start@example.com", name: "Sam" }).returning();
    owner = { visitorId: null, userId: u!.id };
  });
  afterAll(() => services?.close());

  it("without a project it waits behind 'add a site'; with one it is current and opens /addengine of that project; an engine makes it done", async () => {
    const none = await onboardingSteps({ services, owner });
    expect(none.map((s) => [s.id, s.done, s.current])).toEqual([
      ["add-site", false, true],
      ["engines", false, false],
      ["first-audit", false, false],
      ["verify", false, false],
    ]);
    expect(none[1]!.href).toBe("/addproject");
    const [p] = await services.db
      .insert(projects)
      .values({ userId: owner.userId, domain: "start.example", url: "https://start.example/" })
      .returning();
    const withProject = await onboardingSteps({ services, owner });
    expect(withProject[1]).toMatchObject({ id: "engines", done: false, current: true, href: `/addengine/new?idp=${p!.id}&from=start` });
    await addEngine({
      services,
      owner,
      projectId: p!.id,
      input: { engine: "bing", country: "DE", language: "de", locationCode: null, device: "mobile" },
    });
    const after = await onboardingSteps({ services, owner });
    expect(after[1]).toMatchObject({ id: "engines", done: true, current: false });
    expect(after.find((s) => s.current)?.id).toBe("first-audit");
    // Another owner's engines do not count.
    const [other] = await services.db.insert(users).values({ email: "other@example.com", name: "O" }).returning();
    const theirs = await onboardingSteps({ services, owner: { visitorId: null, userId: other!.id } });
    expect(theirs[1]).toMatchObject({ id: "engines", done: false });
  });
});
