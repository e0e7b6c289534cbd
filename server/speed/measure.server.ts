/**
 * Runs Lighthouse for one speed test in a child process (lighthouse-child.server.ts) and reads back
 * Lighthouse's own JSON of every run (issue 12.1).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildArgs } from "./lighthouse-child.server.ts";
import { projectRoot } from "../lib/paths.server.ts";
import { FORM_FACTORS, type FormFactor } from "./model.ts";
import type { Lhr } from "./summarize.ts";

/** Run as its own file (never bundled), so it is found from the project root. */
const CHILD = () => path.join(projectRoot(), "server/speed/lighthouse-child.server.ts");

/** Input of {@link measure}. */
export interface MeasureOptions {
  url: string;
  runs: number;
  allowPrivate: boolean;
  /** Keep the LHR files in this folder (tests compare them with what was stored); default a temporary folder, removed. */
  keepDir?: string;
  /** Deadline of the whole child in ms; default 90 s per run. */
  timeoutMs?: number;
}

/** Every run's LHR per form factor, in run order, and the hosts the SSRF guard refused. */
export interface Measured {
  lhrs: Record<FormFactor, Lhr[]>;
  blocked: { host: string; reason: string }[];
}

/**
 * Runs N Lighthouse runs on mobile and N on desktop in one child process.
 * @throws Error when the child exits abnormally or times out.
 */
export async function measure(o: MeasureOptions): Promise<Measured> {
  const dir = o.keepDir ?? mkdtempSync(path.join(os.tmpdir(), "rf-speed-"));
  const args: ChildArgs = { url: o.url, runs: o.runs, allowPrivate: o.allowPrivate, dir };
  const timeoutMs = o.timeoutMs ?? o.runs * 2 * 90_000;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [CHILD(), JSON.stringify(args)], { stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.on("error", reject);
      child.on("exit", (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else
          reject(
            new Error(signal ? `Lighthouse timed out after ${Math.round(timeoutMs / 1000)} s` : `Lighthouse failed: ${stderr.trim()}`),
          );
      });
    });
    const read = (name: string) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as unknown;
    const lhrs = Object.fromEntries(
      FORM_FACTORS.map((f) => [f, Array.from({ length: o.runs }, (_, i) => read(`${f}-${i}.json`) as Lhr)]),
    ) as Record<FormFactor, Lhr[]>;
    return { lhrs, blocked: read("blocked.json") as Measured["blocked"] };
  } finally {
    if (!o.keepDir) rmSync(dir, { recursive: true, force: true });
  }
}
