import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { C } from "../../app/content/text-ids.ts";
import { messageShape } from "../../common/i18n/message-arguments.ts";

const dir = path.resolve(import.meta.dirname, "../../content/texts");
const read = (lang: string) =>
  Object.assign(
    {},
    ...Object.values(JSON.parse(readFileSync(path.join(dir, lang, "content.json"), "utf8")) as Record<string, Record<string, string>>),
  ) as Record<string, string>;
const en = read("en");
const placeholders = (s: string) => messageShape(s).arguments;

describe("spec 7 text ids of the content screens (issue 4, range 35000–37999)", () => {
  it("every named id has an English text, and every id is in the range", () => {
    for (const [name, id] of Object.entries(C)) expect(en[id], name).toBeTruthy();
    for (const id of Object.keys(en).map(Number)) expect(id >= 35000 && id <= 37999, String(id)).toBe(true);
  });

  it.each(readdirSync(dir).filter((l) => l !== "en" && readdirSync(path.join(dir, l)).includes("content.json")))(
    "%s: complete, with the same placeholders",
    (lang) => {
      const texts = read(lang);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
      for (const [id, value] of Object.entries(texts)) expect(placeholders(value), `${lang} ${id}`).toEqual(placeholders(en[id]!));
    },
  );
});
