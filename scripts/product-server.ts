/**
 * The built product started for a benchmark (bench:server, bench:lighthouse): production server on a
 * free loopback port with its own fresh DATA_DIR, ready when /readyz answers; `stop()` ends it and
 * removes the data folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "./ensure-build.ts";

/** A running product server. */
export interface ProductServer {
  base: string;
  process: ChildProcess;
  /** Ends the server and removes its data folder. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "..");

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
}

/** Builds when stale, starts the server and waits up to 5 min for /readyz (a loaded 2-core machine starts it slowly). @throws Error when it does not start. */
export async function startProductServer(opts: { env?: Record<string, string> } = {}): Promise<ProductServer> {
  ensureBuild();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-bench-"));
  const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: root,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_ORIGIN: base },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1200) {
      await stop();
      throw new Error("server did not start");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, process: child, stop };
}

/** The path of the first blog post in the English sitemap (not a category, tag, search or feed page), or null. */
export async function firstBlogPost(base: string): Promise<string | null> {
  const sitemap = await (await fetch(`${base}/sitemap-en.xml`)).text();
  const loc = [...sitemap.matchAll(/<loc>([^<]+\/blog\/[^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .find((p) => !/\/blog\/(category|tag|search|feed)/.test(p));
  return loc ?? null;
}
