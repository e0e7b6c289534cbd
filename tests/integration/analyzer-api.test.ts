import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyzeUrlResult } from "../../server/analyzer/analyze-url.server.ts";
import { createApi } from "../../server/api/index.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

describe("issue 3 /analyzer: POST /api/analyzer/analyze on a real page", () => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    api = createApi(services);
    site = await serveStatic(testSitePath());
  });
  afterAll(async () => {
    await site?.close();
    await services?.close();
  });
  const post = (body: unknown) =>
    api.request("/analyzer/analyze", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("runs every page-level check and reports the title read from the file", async () => {
    const res = await post({ url: `${site.origin}/documentation.html` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalyzeUrlResult;
    const title = /<title>([^<]*)<\/title>/i.exec(readFileSync(path.join(testSitePath(), "documentation.html"), "utf8"))![1]!.trim();
    expect(body.report.page.title).toBe(title);
    expect(body.report.statusCode).toBe(200);
    expect(body.rendered).toBe(false);
    expect(body.render).toBeNull();
    expect(body.report.issues.map((i) => i.check)).toContain("http-not-https");
  });

  it("compares raw and rendered HTML when asked", async () => {
    const res = await post({ url: `${site.origin}/documentation.html`, render: true });
    const body = (await res.json()) as AnalyzeUrlResult;
    expect(body.rendered).toBe(true);
    expect(body.render).not.toBeNull();
    expect(body.render!.wordCount.raw).toBe(body.report.page.wordCount);
  });

  it("answers 422 for an invalid address and 502 for an unreachable one", async () => {
    expect((await post({ url: "not a url" })).status).toBe(422);
    const closed = await serveStatic(testSitePath());
    await closed.close();
    const res = await post({ url: `${closed.origin}/` });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unreachable");
  });
});
