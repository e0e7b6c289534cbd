import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAudit } from "../../server/audit/create.server.ts";
import { crawlSettingsSchema } from "../../server/audit/settings.server.ts";
import { readSnapshot } from "../../server/crawler/snapshot.server.ts";
import { runCrawlWorker } from "../../server/crawler/worker.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

const PAGES: Record<string, string> = {
  "/": `<!doctype html><html lang="en"><head><title>Raw title</title><script src="/app.js"></script></head>
        <body><h1>Home</h1><p>Static words here.</p><a href="/static">static</a></body></html>`,
  "/app.js": `document.addEventListener("DOMContentLoaded", () => {
    document.title = "Rendered title";
    const a = document.createElement("a"); a.href = "/only-rendered"; a.textContent = "added by script";
    document.body.appendChild(a);
    const p = document.createElement("p"); p.textContent = "many more words appear only after the script has run"; document.body.appendChild(p);
  });`,
  "/static": `<!doctype html><html lang="en"><head><title>Static</title></head><body><p>plain</p></body></html>`,
  "/only-rendered": `<!doctype html><html lang="en"><head><title>Only rendered</title></head><body><p>x</p></body></html>`,
};

describe("issue 3 Crawler — JavaScript rendering compares raw and rendered HTML (pglite, Chromium)", () => {
  let services: Services;
  let origin = "";
  let close: () => Promise<void>;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    const server = createServer((req, res) => {
      const body = PAGES[req.url ?? "/"];
      res.writeHead(body ? 200 : 404, { "content-type": req.url?.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8" });
      res.end(body ?? "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  }, 180_000);
  afterAll(async () => {
    await close?.();
    await services?.close();
  });

  it("records the title, links and words that exist only after rendering; links found only after rendering are crawled too", async () => {
    const id = await createAudit(services.db, { startUrl: `${origin}/`, settings: crawlSettingsSchema.parse({ render: true }) });
    const result = await runCrawlWorker(services.db, id, { allowPrivate: true });
    expect(result.status).toBe("done");
    const snapshot = await readSnapshot(services.db, id);
    const home = snapshot.pages.find((p) => p.url === `${origin}/`)!;
    expect(home.render?.title).toEqual({ raw: "Raw title", rendered: "Rendered title" });
    expect(home.render?.linksOnlyRendered).toEqual([`${origin}/only-rendered`]);
    expect(home.render!.wordCount.rendered).toBeGreaterThan(home.render!.wordCount.raw);
    expect(home.render?.canonical).toBeNull();
    const statics = snapshot.pages.find((p) => p.url === `${origin}/static`)!;
    expect(statics.render).toMatchObject({ title: null, linksOnlyRendered: [] });
    expect(snapshot.settings.rendered).toBe(true);
    expect(snapshot.pages.find((p) => p.url === `${origin}/only-rendered`)?.statusCode).toBe(200);
  }, 180_000);
});
