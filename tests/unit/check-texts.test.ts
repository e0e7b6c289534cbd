import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messageShape } from "../../common/i18n/message-arguments.ts";
import { ENGLISH_CHECK_TEXTS } from "../../server/analyzer/checks/texts.ts";
import { analyzeHtml } from "../../server/analyzer/analyze.server.ts";
import { checkTextsFrom, englishCheckTexts } from "../../server/audit/check-texts.server.ts";
import { auditCatalogue } from "../../server/audit/run.ts";
import { objectKeys } from "../helpers/object-keys.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CHECK_DIRS = ["server/analyzer/checks", "server/audit/checks"];

/** The check sources, concatenated. */
function sources(): string {
  return CHECK_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir))
      .filter((n) => n.endsWith(".ts"))
      .map((f) => readFileSync(path.join(ROOT, dir, f), "utf8")),
  ).join("\n");
}

/** Every `text(ID)` / `text(ID, { … })` call in the check sources, with the keys it passes. */
function textCalls(): { file: string; id: number; keys: string[] | null }[] {
  const out: { file: string; id: number; keys: string[] | null }[] = [];
  for (const dir of CHECK_DIRS) {
    for (const f of readdirSync(path.join(ROOT, dir)).filter((n) => n.endsWith(".ts"))) {
      const src = readFileSync(path.join(ROOT, dir, f), "utf8");
      for (const m of src.matchAll(/\btext\((\d+)(?:, \{ ([^\n]*?) \}\))?/g)) {
        out.push({ file: `${dir}/${f}`, id: Number(m[1]), keys: m[2] === undefined ? null : objectKeys(m[2]) });
      }
    }
  }
  return out;
}

describe("issue 15: the audit checks' texts live in content/texts/en/checks.json", () => {
  const calls = textCalls();

  it("every check has an English title, explanation and fix", () => {
    const en = englishCheckTexts();
    const list = auditCatalogue();
    expect(list.length).toBeGreaterThanOrEqual(120);
    for (const c of list) {
      for (const part of [en.title(c.id), en.why(c.id), en.fix(c.id)]) {
        expect(part, c.id).not.toMatch(/^#\d+$|\{/);
        expect(part.length, c.id).toBeGreaterThan(3);
      }
    }
  });

  it("every text a check names exists, in the range 60000–62999, and every text of the file is used", () => {
    expect(calls.length).toBeGreaterThan(500);
    const used = new Set<number>();
    for (const c of calls) {
      expect(ENGLISH_CHECK_TEXTS[c.id], `${c.file} text ${c.id}`).toBeDefined();
      used.add(c.id);
    }
    // Some checks name their texts in a table or as an argument (rich results, duplicates), not in text() calls.
    for (const m of sources().matchAll(/\b(6[0-2]\d{3})\b/g)) used.add(Number(m[1]));
    for (const id of Object.keys(ENGLISH_CHECK_TEXTS).map(Number)) {
      expect(id).toBeGreaterThanOrEqual(60000);
      expect(id).toBeLessThanOrEqual(62999);
      expect(used.has(id), `text ${id} is not used by any check`).toBe(true);
    }
  });

  it("each call passes exactly the placeholders its English text has (ICU arguments)", () => {
    for (const c of calls) {
      const args = messageShape(ENGLISH_CHECK_TEXTS[c.id]!).arguments;
      expect([...(c.keys ?? [])].sort(), `${c.file} text ${c.id}`).toEqual([...args].sort());
    }
  });

  it("messages use CLDR plurals: one and several render differently in English", () => {
    const en = englishCheckTexts();
    expect(en.message({ id: 60049, values: { count: 1 } })).toBe("The title has 1 character.");
    expect(en.message({ id: 60049, values: { count: 75 } })).toBe("The title has 75 characters.");
    expect(en.message("A message stored before issue 15.")).toBe("A message stored before issue 15.");
  });

  it("a German viewer sees the German texts of a translated check, English for the rest (spec 2 fallback)", () => {
    const de = checkTextsFrom(
      {
        ...ENGLISH_CHECK_TEXTS,
        60041: "Title fehlt oder ist leer",
        60042: "Der Title ist die Überschrift des Suchergebnisses.",
        60049: "Der Title hat {count, plural, one {# Zeichen} other {# Zeichen}}.",
      },
      "de",
    );
    expect(de.title("title-missing")).toBe("Title fehlt oder ist leer");
    expect(de.why("title-missing")).toBe("Der Title ist die Überschrift des Suchergebnisses.");
    expect(de.fix("title-missing")).toBe("Add a unique, descriptive <title> in the <head>.");
    const report = analyzeHtml(`<html><head><title>${"x".repeat(75)}</title></head><body></body></html>`, { url: "https://e.com/" });
    const long = report.issues.find((i) => i.check === "title-too-long")!;
    expect(long.message).toBe("The title has 75 characters.");
    expect(de.message(long.messageText)).toBe("Der Title hat 75 Zeichen.");
  });

  it("issue 15.1 point 2: on-page evidence has no English words: an empty canonical is quoted as written, an image without src as its tag", () => {
    const report = analyzeHtml(
      '<html><head><title>Evidence page title long enough</title><link rel="canonical" href=""></head><body><img alt="logo"></body></html>',
      { url: "https://e.com/" },
    );
    expect(report.issues.find((i) => i.check === "canonical-invalid")!.evidence).toBe('""');
    expect(report.issues.find((i) => i.check === "images-missing-dimensions")!.evidence).toBe("<img>");
    const mismatch = analyzeHtml('<html><head><link rel="canonical" href="https://e.com/a"></head><body></body></html>', {
      url: "https://e.com/",
      headers: { "Content-Type": "text/html", Link: '<https://e.com/b>; rel="canonical"' },
    });
    expect(mismatch.issues.find((i) => i.check === "canonical-mismatch-link-header")!.evidence).toBe(
      'Link: https://e.com/b; <link rel="canonical">: https://e.com/a',
    );
  });
});
