import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countWords } from "../../server/analyzer/page-facts.server.ts";
import { parseHtml } from "../../server/analyzer/parse-html.server.ts";
import { isLetterOrDigit, isSpace } from "../../server/analyzer/words.ts";
import { simhash, wordHashes } from "../../server/audit/simhash.ts";
import { testSitePath } from "../helpers/static-site.ts";

/** The regex tokenising the scanners replaced (issue 14.1): the oracle they must equal. */
const reference = {
  countTokens: (text: string) => text.match(/[^\s]*[\p{L}\p{N}][^\s]*/gu)?.length ?? 0,
  words: (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [],
  fnv1a(s: string, seed: number): number {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h >>> 0;
  },
};

/** A failing text as a short, escaped excerpt. */
const short = (t: string) => JSON.stringify(t.slice(0, 60));

/** Texts with the characters where a hand-written scanner could part from the regexes. */
function trickyTexts(count: number): string[] {
  const pool = [
    ..."aZ09 \t\n\r\v\f.,-'’—",
    "\u00a0",
    "\u1680",
    "\u2000",
    "\u200a",
    "\u2028",
    "\u2029",
    "\u202f",
    "\u205f",
    "\u3000",
    "\ufeff",
    "\u200b",
    "Σ",
    "ς",
    "İ",
    "ß",
    "Ǆ",
    "é",
    "e\u0301",
    "٣",
    "Ⅻ",
    "²",
    "½",
    "ı",
    "日本",
    "한",
    "ไทย",
    "😀",
    "𝐀",
    "𐐀",
    "\ud800",
    "\udc00",
    "\u0000",
  ];
  let seed = 0x2545f491;
  const next = () => ((seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0) / 2 ** 32;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => pool[Math.floor(next() * pool.length)]).join(""),
  );
}

/** Visible texts of the test site's pages, as the analyzer reads them. */
function siteTexts(): string[] {
  const root = testSitePath("jena-apache-org");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name.endsWith(".html") && files.length < 120) files.push(path.join(dir, e.name));
    }
  };
  walk(root);
  return files.map((f) => parseHtml(readFileSync(f, "utf8")).text);
}

describe("issue 14.1 word scanners equal the Unicode regexes they replace (word count, simhash shingles)", () => {
  const texts = [...trickyTexts(3000), ...siteTexts()];

  it("isLetterOrDigit and isSpace agree with \\p{L}\\p{N} and \\s on every code point of the BMP and samples above it", () => {
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp += cp < 0x10000 ? 1 : 97) {
      const s = String.fromCodePoint(cp);
      if (isLetterOrDigit(cp) !== /^[\p{L}\p{N}]$/u.test(s)) wrong.push(cp);
      if (cp < 0x10000 && isSpace(cp) !== /^\s$/.test(s)) wrong.push(cp);
    }
    expect(wrong).toEqual([]);
  });

  it("countWords gives the regex's count on tricky and real texts", () => {
    expect(texts.length).toBeGreaterThan(3050);
    const differ = texts.filter(
      (t) => !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t) && countWords(t) !== reference.countTokens(t),
    );
    expect(differ.map(short)).toEqual([]);
  });

  it("simhash's word hashes are FNV-1a (seeds 0 and 0x9e3779b9) of exactly the regex's lower-case words", () => {
    const differ = texts.filter((t) => {
      const words = reference.words(t);
      const { hi, lo } = wordHashes(t);
      const want = { hi: words.map((w) => reference.fnv1a(w, 0)), lo: words.map((w) => reference.fnv1a(w, 0x9e3779b9)) };
      return JSON.stringify({ hi, lo }) !== JSON.stringify(want);
    });
    expect(differ.map(short)).toEqual([]);
    expect(simhash("")).toBe("0000000000000000");
  });
});
