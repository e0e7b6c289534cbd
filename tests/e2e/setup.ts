import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { localScenario, startSerpServer } from "../helpers/serp-providers.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    siteOrigin: string;
    /** The server's DATA_DIR (its generated session secret signs links such as /unsubscribe). */
    dataDir: string;
    /** The local SERP provider (SerpApi protocol) the server checks ranks with; PUT /local/scenario sets a keyword's result. */
    serpOrigin: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * End-to-end setup: builds the product if needed, serves the real test site on loopback, and
 * starts the production server (embedded database in a temp DATA_DIR, ALLOW_PRIVATE_NETWORKS=1).
 */
export default async function setup(project: TestProject) {
  ensureBuild();
  const site = await serveStatic(testSitePath());
  const serp = await startSerpServer({ controllable: true, scenario: (_e, k) => localScenario("example.com", k) });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-e2e-"));
  const root = path.resolve(import.meta.dirname, "../..");
  const server: ChildProcess = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_NETWORKS: "1",
      LOG_LEVEL: "warn",
      DEV_PAGES: "1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // Tests stand for visitors from many addresses through X-Forwarded-For, as one proxy would send it.
      TRUST_PROXY: "1",
      // The contacts map's tiles: one blank tile served inline, so tests need no tile server.
      MAP_TILE_URL: "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==",
      // Rank checks against the local SERP provider (issue 10), 3 pages deep, without waiting between retries.
      RANK_PROVIDER: "serpapi",
      SERPAPI_KEY: "test-key",
      SERPAPI_URL: serp.origin,
      RANK_DEPTH: "30",
      RANK_RATE_PER_MINUTE: "6000",
      RANK_BACKOFF_MS: "0",
      // Crawls parse in a worker thread whatever the load, so the built server's thread script is always used.
      CRAWL_THREADS: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: on a shared, loaded machine the first start (migrations, seed) can take minutes.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not become ready in 240 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("siteOrigin", site.origin);
  project.provide("dataDir", dataDir);
  project.provide("serpOrigin", serp.origin);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await site.close();
    await serp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
