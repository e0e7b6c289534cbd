import { spawn } from "node:child_process";
import { type Server, createServer } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs the CLI's main() in a child process that records every module it resolves (ESM imports and
 * require calls); returns the exit code, stdout and the module URLs.
 */
function auditRecordingModules(args: string[]): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const script = `
    import { registerHooks } from "node:module";
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.add(r.url); return r; } });
    const { main } = await import(${JSON.stringify(path.join(root, "server/cli/audit.ts"))});
    await main(${JSON.stringify(args)});
    process.stderr.write("MODULES " + JSON.stringify([...seen]) + "\\n");
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => {
      const line = stderr.split("\n").find((l) => l.startsWith("MODULES "));
      resolve({ code, stdout, modules: line ? (JSON.parse(line.slice(8)) as string[]) : [] });
    });
  });
}

describe("issue 14.1 fixed cost of a CLI audit — it starts nothing it does not use", () => {
  let server: Server;
  let origin = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === "/" ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
      res.end(req.url === "/" ? `<!doctype html><html lang="en"><head><title>One page</title></head><body><h1>One</h1></body></html>` : "");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("a crawl audit of a site without a sitemap loads no database layer, no XML parser and only undici's parts it uses", async () => {
    const { code, stdout, modules } = await auditRecordingModules([`${origin}/`, "--crawl", "--csv", "--allow-private"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Check,Category,/);
    // The crawl did fetch through undici's agent: the recording saw the modules it needs.
    expect(modules.some((u) => u.endsWith("/undici/lib/dispatcher/agent.js"))).toBe(true);
    expect(modules.some((u) => u.endsWith("/server/crawler/crawl.server.ts"))).toBe(true);
    const unused = modules.filter((u) =>
      /\/node_modules\/(?:drizzle-orm|pg|pg-boss|@electric-sql|fast-xml-parser|exceljs|playwright-core)\/|\/node_modules\/undici\/index\.js$|\/server\/db\//.test(
        u,
      ),
    );
    expect(unused).toEqual([]);
  });
});
