import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { packageFileFormat } from "../../server/lib/package-format.server.ts";
import { siteCheckFacts } from "../../server/crawler/snapshot-build.ts";
import { SITE_CHECK_FACT_FIELDS } from "../../server/audit/model.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "rf-pkg-format-"));
const file = (rel: string, text = "") => {
  const p = path.join(dir, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, text);
  return pathToFileURL(p).href;
};

describe("issue 14.1 (decision 0022): the format of package files, read once per package", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("answers for files of installed packages only, as Node would, and leaves the rest to Node", () => {
    file("node_modules/esm/package.json", JSON.stringify({ type: "module" }));
    file("node_modules/cjs/package.json", JSON.stringify({ name: "cjs" }));
    file("node_modules/esm/dist/cjs/package.json", JSON.stringify({ type: "commonjs" }));
    expect(packageFileFormat(file("node_modules/esm/a/b.js"))).toBe("module");
    expect(packageFileFormat(file("node_modules/esm/c.cjs"))).toBe("commonjs");
    // A nearer package.json decides; no "type" is left to Node (it also looks at the syntax).
    expect(packageFileFormat(file("node_modules/esm/dist/cjs/x.js"))).toBeNull();
    expect(packageFileFormat(file("node_modules/cjs/x.js"))).toBeNull();
    expect(packageFileFormat(file("node_modules/cjs/x.mjs"))).toBe("module");
    expect(packageFileFormat(file("node_modules/esm/data.json"))).toBeNull();
    expect(packageFileFormat(file("src/own.js"))).toBeNull();
  });

  it("drizzle-orm and the whole database layer load and work with the hook installed", () => {
    const script = `
      import { installPackageFormatHook } from ${JSON.stringify(pathToFileURL(path.join(root, "server/lib/package-format.server.ts")).href)};
      installPackageFormatHook();
      const { auditPages } = await import(${JSON.stringify(pathToFileURL(path.join(root, "server/db/schema.server.ts")).href)});
      const { getTableName, sql } = await import("drizzle-orm");
      const { PgDialect } = await import("drizzle-orm/pg-core");
      const q = new PgDialect().sqlToQuery(sql\`select \${1} from \${auditPages}\`);
      console.log(JSON.stringify({ table: getTableName(auditPages), q: q.sql }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ table: "audit_pages", q: 'select $1 from "audit_pages"' });
  });
});

describe("issue 14.1: the site audit's facts (checks declare the facts they read)", () => {
  it("siteCheckFacts keeps exactly SITE_CHECK_FACT_FIELDS and passes null through", () => {
    const facts = Object.fromEntries([...SITE_CHECK_FACT_FIELDS, "images", "headings", "openGraph"].map((k) => [k, `v-${k}`]));
    expect(siteCheckFacts(facts)).toEqual(Object.fromEntries(SITE_CHECK_FACT_FIELDS.map((k) => [k, `v-${k}`])));
    expect(siteCheckFacts(null)).toBeNull();
  });
});
