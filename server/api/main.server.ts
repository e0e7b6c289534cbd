import { asc } from "drizzle-orm";
import { z } from "zod";
import { isLanguage } from "../../common/i18n/languages.ts";
import { languages } from "../db/schema.server.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import { contentVersion } from "../content/version.server.ts";
import type { Database } from "../db/client.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

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
        .refine(isLanguage, { message: "unsupported language", params: { text: 58030 } }),
      groups: strList.optional(),
      ids: intList.optional(),
    }),
  ),
});

type LanguageRow = { lang: string; datepicker: unknown };
const languageLists = new WeakMap<Database, { version: number; rows: Promise<LanguageRow[]> }>();

/** The language list with date-pickers, cached until the content version changes (the seed writes it; issue 14). */
function languageList(db: Database): Promise<LanguageRow[]> {
  const version = contentVersion();
  const hit = languageLists.get(db);
  if (hit?.version === version) return hit.rows;
  // A real promise: a Drizzle query runs again on every `then`.
  const rows: Promise<LanguageRow[]> = Promise.resolve(
    db.select({ lang: languages.code, datepicker: languages.datepicker }).from(languages).orderBy(asc(languages.position)),
  );
  languageLists.set(db, { version, rows });
  rows.catch(() => languageLists.delete(db));
  return rows;
}

/** Routes under /api/main (spec 7). */
export const mainRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/main/get",
    tag: "main",
    summary: "Interface texts by group and id for a language (datall), and the language list",
    input: getSchema,
    access: { kind: "public" },
    handle: async ({ input, services: { db } }) => {
      const { lang, groups, ids } = input.datall;
      const [datall, langs] = await Promise.all([loadTexts(db, lang, { groups: groups ?? [], ids: ids ?? [] }), languageList(db)]);
      return { datall, languages: langs };
    },
  }),
];
