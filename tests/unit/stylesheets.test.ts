import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (p: string) => readFileSync(path.join(root, p), "utf8");

/** Every .ts/.tsx file under app/, as paths relative to the repository root. */
function appSources(dir = "app"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return appSources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The class tokens of string literals that are (or use as a variant) a typography class. */
function proseTokens(source: string): string[] {
  return [...source.matchAll(/["'`]([^"'`\n]*)["'`]/g)]
    .flatMap((m) => m[1]!.split(/\s+/))
    .filter((token) => token.split(":").some((part) => /^(?:not-)?prose(?:-[a-z0-9]+)*$/.test(part)));
}

describe("issue 14.4 the typography stylesheet is loaded only where Markdown is shown", () => {
  it("the root stylesheet leaves the typography plugin to app/content/prose.css, which prose.ts imports", () => {
    expect(read("app/app.css")).not.toContain("@tailwindcss/typography");
    expect(read("app/app.css")).toContain('@source not "./content/prose.ts"');
    expect(read("app/content/prose.css")).toContain('@plugin "@tailwindcss/typography"');
    expect(read("app/content/prose.ts")).toMatch(/^import "\.\/prose\.css";$/m);
  });

  it("typography classes are written in app/content/prose.ts only (anywhere else they would have no rules)", () => {
    expect(proseTokens('className="prose sm:prose-lg prose-a:text-forge-700 mt-4" from "../content/prose.ts"')).toEqual([
      "prose",
      "sm:prose-lg",
      "prose-a:text-forge-700",
    ]);
    const outside = appSources()
      .filter((f) => f !== "app/content/prose.ts")
      .flatMap((f) => proseTokens(read(f)).map((t) => `${f}: ${t}`));
    expect(outside).toEqual([]);
    expect(proseTokens(read("app/content/prose.ts")).length).toBeGreaterThan(10);
  });
});
