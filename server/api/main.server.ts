import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isLanguage } from "../../app/i18n/languages.ts";
import { languages } from "../db/schema.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import type { ApiEnv } from "./types.server.ts";

const intList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
  z.array(z.coerce.number().int().nonnegative()).max(2000),
);
const strList = z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(z.string().max(64)).max(100));

/** Form posts carry `datall` as a JSON string; a string that is not JSON is left for zod to reject. */
function parseJsonString(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Spec 7 POST /api/main/get: `datall` with lang, text groups and text ids. */
const getSchema = z.object({
  datall: z.preprocess(
    parseJsonString,
    z.object({
      lang: z
        .string()
        .transform((s) => s.toLowerCase())
        .refine(isLanguage, "unsupported language"),
      groups: strList.optional(),
      ids: intList.optional(),
    }),
  ),
});

/** Routes under /api/main (spec 7). */
export function mainApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/get", async (c) => {
    const input = validate(getSchema, await readInput(c));
    const { db } = c.get("services");
    const { lang, groups, ids } = input.datall;
    const [datall, langs] = await Promise.all([
      loadTexts(db, lang, { groups: groups ?? [], ids: ids ?? [] }),
      db.select({ lang: languages.code, datepicker: languages.datepicker }).from(languages).orderBy(asc(languages.position)),
    ]);
    return c.json({ datall, languages: langs });
  });
  return app;
}
