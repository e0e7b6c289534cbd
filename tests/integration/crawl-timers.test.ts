import { createHook } from "node:async_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { auditForCli } from "../../server/crawler/cli.server.ts";
import { serveSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";

describe("issue 14.1 fixed cost: a finished crawl leaves no timer of its own running (a CLI audit exits as soon as it is done)", () => {
  let site: Awaited<ReturnType<typeof serveSite>>;
  beforeAll(async () => {
    site = await serveSite(testSitePath("jena-apache-org"));
  });
  afterAll(() => site?.close());

  it("every timer the crawler started is cleared or has fired when the audit resolves (jena, 30 pages)", async () => {
    const live = new Map<number, { timer: { hasRef?: () => boolean }; stack: string }>();
    const hook = createHook({
      init(id, type, _trigger, resource) {
        if (type !== "Timeout") return;
        const stack = new Error().stack ?? "";
        if (stack.includes("/server/crawler/")) live.set(id, { timer: resource as { hasRef?: () => boolean }, stack });
      },
      destroy: (id) => void live.delete(id),
    }).enable();
    try {
      const settings = crawlSettingsSchema.parse({ maxPages: 30, concurrency: 4 });
      const report = await auditForCli(`${site.origin}/`, { settings, allowPrivate: true, format: "json", store: "memory", threads: 0 });
      expect((JSON.parse(report) as { summary: { pagesCrawled: number } }).summary.pagesCrawled).toBe(30);
      const held = [...live.values()].filter((t) => t.timer.hasRef?.() !== false).map((t) => t.stack);
      expect(held).toEqual([]);
    } finally {
      hook.disable();
    }
  });
});
