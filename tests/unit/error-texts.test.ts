import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messageShape } from "../../common/i18n/message-arguments.ts";
import { AppError, englishError, errorText } from "../../server/errors.server.ts";
import { issueText, validate } from "../../server/http/input.server.ts";
import { findBadText } from "../../server/http/screen-input.server.ts";
import { negotiateLanguage, requestLanguage } from "../../server/i18n/error-texts.server.ts";
import { englishTextFiles } from "../../server/i18n/texts.server.ts";
import { objectKeys } from "../helpers/object-keys.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ERRORS = (JSON.parse(readFileSync(path.join(ROOT, "content/texts/en/errors.json"), "utf8")) as { errors: Record<string, string> })
  .errors;
/** Texts of other files an error may name: the domain start box's 'Enter your domain' / 'Enter your valid domain' (spec 8). */
const SHARED = new Set([9767, 9787]);

/** Every .ts/.tsx source under server/ and app/, by path. */
function sources(): { file: string; src: string }[] {
  const out: { file: string; src: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(e.name)) out.push({ file: rel, src: readFileSync(path.join(ROOT, rel), "utf8") });
    }
  };
  walk("server");
  walk("app");
  return out;
}

describe("issue 15.1: error messages are texts (content/texts/en/errors.json, ids 58000–58999)", () => {
  const files = sources();
  const calls = files.flatMap(({ file, src }) => [
    ...[...src.matchAll(/\berrorText\((\d+)(?:, \{ ([^\n]*?) \}\))?/g)].map((m) => ({
      file,
      id: Number(m[1]),
      keys: m[2] === undefined ? [] : objectKeys(m[2]),
    })),
    // A zod refinement names its text through params; the field is added when the issue is mapped.
    ...[...src.matchAll(/params: \{ text: (\d+)(?:, values: \{ ([^\n]*?) \})? \}/g)].map((m) => ({
      file,
      id: Number(m[1]),
      keys: ["field", ...(m[2] === undefined ? [] : objectKeys(m[2]))],
    })),
  ]);

  it("no AppError is made from an English string", () => {
    for (const { file, src } of files) expect(src, file).not.toMatch(/new AppError\(\s*"\w+",\s*[`"']/);
  });

  it("every named text exists, with exactly the placeholders the call passes", () => {
    expect(calls.length).toBeGreaterThan(100);
    const en = englishTextFiles();
    for (const c of calls) {
      expect(ERRORS[c.id] !== undefined || SHARED.has(c.id), `${c.file} text ${c.id}`).toBe(true);
      expect([...c.keys].sort(), `${c.file} text ${c.id}`).toEqual([...messageShape(en[c.id]!).arguments].sort());
    }
  });

  it("every text of the file is in the range and used (a call, a resource kind's notFound, or a zod issue kind)", () => {
    const all = files.map((f) => f.src).join("\n");
    for (const id of Object.keys(ERRORS).map(Number)) {
      expect(id).toBeGreaterThanOrEqual(58000);
      expect(id).toBeLessThanOrEqual(58999);
      expect(all.includes(String(id)), `text ${id} is not used`).toBe(true);
    }
  });

  it("AppError keeps code and field, its message is the English rendering (logs), and the body renders its text", () => {
    const err = new AppError("validation", errorText(58001, { field: "name", max: 1 }), "name");
    expect(err.message).toBe("name: at most 1 character");
    expect(err.toBody()).toEqual({ error: { code: "validation", message: "name: at most 1 character", field: "name" } });
    expect(err.toBody(() => "übersetzt").error.message).toBe("übersetzt");
    expect(englishError(errorText(9787))).toBe("Enter your valid domain");
  });
});

describe("issue 15.1: zod issues become a few generic texts naming the field", () => {
  const message = (schema: z.ZodType, input: unknown) => {
    try {
      validate(schema, input);
    } catch (err) {
      return (err as AppError).message;
    }
    throw new Error("valid");
  };
  it.each([
    [z.object({ name: z.string() }), {}, "name: is required"],
    [z.object({ name: z.string().min(1) }), { name: "" }, "name: is required"],
    [z.object({ name: z.string().max(3) }), { name: "abcd" }, "name: at most 3 characters"],
    [z.object({ name: z.string().min(3) }), { name: "ab" }, "name: at least 3 characters"],
    [z.object({ n: z.number() }), { n: "x" }, "n: must be a number"],
    [z.object({ n: z.coerce.number().max(9) }), { n: "10" }, "n: at most 9"],
    [z.object({ ids: z.array(z.number()).max(1) }), { ids: [1, 2] }, "ids: at most 1 item"],
    [z.object({ kind: z.enum(["a", "b"]) }), { kind: "c" }, "kind: must be one of a, b"],
    [z.object({ email: z.email() }), { email: "x" }, "email: is not a valid e-mail address"],
    [z.strictObject({ a: z.string().optional() }), { b: "1" }, "b: is not an accepted field"],
    [
      z.object({ lang: z.string().refine(() => false, { message: "unsupported language", params: { text: 58030 } }) }),
      { lang: "xx" },
      "lang: unsupported language",
    ],
    [z.object({ x: z.string().refine(() => false) }), { x: "1" }, "x: is not valid"],
  ])("%#: %j → %s", (schema, input, expected) => {
    expect(message(schema, input)).toBe(expected);
  });

  it("issueText names the field it is given", () => {
    const issue = z.object({ a: z.string() }).safeParse({ a: 1 }).error!.issues[0]!;
    expect(englishError(issueText(issue, "a", { a: 1 }))).toBe("a: must be text");
  });

  it("edge screening: a NUL byte and an overlong field name the field", () => {
    expect(englishError(findBadText({ q: "a\u0000b" })!.text)).toBe("q: contains a NUL character");
    expect(englishError(findBadText({ q: "x".repeat(70_000) })!.text)).toBe("q: longer than 65536 characters");
  });
});

describe("decision 0023: the language of an error message", () => {
  it.each([
    [null, null],
    ["", null],
    ["de", "de"],
    ["de-AT,en;q=0.5", "de"],
    ["fr;q=0.4, uk;q=0.9", "ua"],
    ["sv-SE", "se"],
    ["nb-NO", "no"],
    ["no", "no"],
    ["xx, *;q=0.1", null],
    ["de;q=0, it", "it"],
    ["zh-Hant-TW", "zh"],
  ])("Accept-Language %j → %j", (header, lang) => {
    expect(negotiateLanguage(header)).toBe(lang);
  });

  it("pages and actions use the URL prefix, /api the Accept-Language header, else English", () => {
    const req = (url: string, al?: string) => new Request(url, al ? { headers: { "accept-language": al } } : {});
    expect(requestLanguage(req("http://x/de/addproject", "fr"))).toBe("de");
    expect(requestLanguage(req("http://x/addproject", "fr"))).toBe("en");
    expect(requestLanguage(req("http://x/api/project/groups", "fr-FR"))).toBe("fr");
    expect(requestLanguage(req("http://x/api/project/groups"))).toBe("en");
  });
});
