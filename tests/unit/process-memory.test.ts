import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { MALLOC_ENV } from "../../server/lib/process-memory.server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "rf-process-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node` on a script that calls execWithMallocSettings([child, "arg"]); returns what the child printed. */
function runReplaced(env: Record<string, string | undefined>): { parentPid: number; pid: number; threshold?: string; argv: string[] } {
  const child = path.join(dir, "child.mjs");
  writeFileSync(
    child,
    "console.log(JSON.stringify({ pid: process.pid, threshold: process.env.MALLOC_MMAP_THRESHOLD_, argv: process.argv.slice(2) }));\n",
  );
  const parent = path.join(dir, "parent.mjs");
  const helper = pathToFileURL(path.join(root, "server/lib/process-memory.server.ts")).href;
  writeFileSync(
    parent,
    `import { execWithMallocSettings } from ${JSON.stringify(helper)};\n` +
      `process.stdout.write(process.pid + "\\n");\n` +
      `execWithMallocSettings([${JSON.stringify(child)}, "arg"]);\n`,
  );
  const [parentPid, json] = execFileSync(process.execPath, [parent], { env, encoding: "utf8" }).trim().split("\n");
  return { parentPid: Number(parentPid), ...(JSON.parse(json!) as { pid: number; threshold?: string; argv: string[] }) };
}

describe.runIf(process.platform === "linux")("issue 14 point 3: the web process runs with malloc's memory setting (decision 0017)", () => {
  it("replaces the process by the given script, same pid, with MALLOC_MMAP_THRESHOLD_ set", () => {
    const r = runReplaced({ ...process.env, MALLOC_MMAP_THRESHOLD_: undefined });
    expect(r.pid).toBe(r.parentPid);
    expect(r.threshold).toBe(MALLOC_ENV.MALLOC_MMAP_THRESHOLD_);
    expect(r.argv).toEqual(["arg"]);
  });

  it("keeps an operator's own value", () => {
    expect(runReplaced({ ...process.env, MALLOC_MMAP_THRESHOLD_: "262144" }).threshold).toBe("262144");
  });

  it("the build writes the JavaScript entry server/main.ts starts: it serves the built bundle", () => {
    ensureBuild();
    const entry = readFileSync(path.join(root, "build/server/main.js"), "utf8");
    expect(entry).toContain('await import("./index.js")');
    expect(entry).toContain("await listen(await createApp(process.env))");
  }, 180_000);
});
