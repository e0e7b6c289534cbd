import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors.server.ts";
import type { Services } from "../../server/services.server.ts";
import { getSeoOverview } from "../../server/worldseo/overview.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

describe.each(databaseKinds)("issue 4 /worldwideseo overview: analyzer, one-day cache, per-IP rate limit (%s)", (kind) => {
  let services: Services;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    services = await startTestServices(kind, { WORLDSEO_HOURLY_LIMIT: "1" });
    site = await serveStatic(testSitePath());
  });
  afterAll(async () => {
    await site?.close();
    await services?.close();
  });

  const host = () => new URL(site.origin).host;
  const code = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof AppError ? e.code : "other"),
    );

  it("analyses the real test site's home page (a bare host is tried over HTTPS, then HTTP)", async () => {
    const o = await getSeoOverview(services, host(), "203.0.113.7");
    expect(o.host).toBe(host());
    expect(o.finalUrl).toBe(`${site.origin}/`);
    expect(o.title).toContain("Apache Jena");
    expect(o.checksRun).toBeGreaterThan(50);
    expect(o.topIssues.length).toBeGreaterThan(0);
  });

  it("a second new site from the same IP within the hour is refused; the cached one is still served", async () => {
    expect(await code(getSeoOverview(services, "127.0.0.2:19", "203.0.113.7"))).toBe("rate_limited");
    expect(await code(getSeoOverview(services, host(), "203.0.113.7"))).toBe("ok");
    expect(await code(getSeoOverview(services, "127.0.0.2:19", "198.51.100.1"))).toBe("unreachable");
  });

  it("an invalid address is a validation error and costs no token", async () => {
    expect(await code(getSeoOverview(services, "not a site", "192.0.2.1"))).toBe("validation");
    expect(await code(getSeoOverview(services, "http://10.0.0.1/", "192.0.2.1"))).toBe("validation");
  });
});
