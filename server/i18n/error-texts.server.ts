/**
 * Error messages in the requester's language (issue 15.1, decision 0023). An {@link AppError}
 * carries its message as a text reference (content/texts/<lang>/errors.json); it is rendered here
 * when answered, with English per missing text (spec 2 fallback).
 *
 * The one rule for the language: a page or its action answers in the page's language (its URL
 * prefix, none = English); /api answers in the language negotiated from Accept-Language against the
 * 42 languages, which the app's own fetches set to the page's language (app/lib/api.ts); else English.
 */
import { DEFAULT_LANG, LANGUAGES, splitLangPrefix } from "../../common/i18n/languages.ts";
import { type TextRef, renderText } from "../../common/i18n/message.ts";
import type { Database } from "../db/client.server.ts";
import { AppError, ERROR_TEXT_GROUP, type ErrorBody, englishError } from "../errors.server.ts";
import { englishTextFiles, loadTexts } from "./texts.server.ts";

const byTag = new Map<string, string>();
for (const l of LANGUAGES) byTag.set(l.bcp47.toLowerCase(), l.code);
// "no" (Norwegian) is what most browsers send for Bokmål.
byTag.set("no", "no");

/**
 * The supported language (spec code, e.g. "ua") an Accept-Language header prefers most, or null:
 * entries by descending q (ties keep their order), each matched by its full tag then its primary
 * subtag against the languages' BCP 47 tags ("de-AT" → de, "uk" → ua, "sv-SE" → se); q=0 and "*" never match.
 */
export function negotiateLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  const entries = header
    .split(",")
    .slice(0, 32)
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => e.tag && e.tag !== "*" && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of entries) {
    const code = byTag.get(e.tag) ?? byTag.get(e.tag.split("-")[0]!);
    if (code) return code;
  }
  return null;
}

/** The language a request's error messages are written in, by the rule of the module comment. */
export function requestLanguage(req: Request): string {
  const { pathname } = new URL(req.url);
  if (pathname === "/api" || pathname.startsWith("/api/")) return negotiateLanguage(req.headers.get("accept-language")) ?? DEFAULT_LANG;
  return splitLangPrefix(pathname).lang ?? DEFAULT_LANG;
}

/** Renders error text references in `lang` (English per missing text, from the files when the database has none). */
export async function errorRenderer(db: Database, lang: string): Promise<(ref: TextRef) => string> {
  if (lang === DEFAULT_LANG) return englishError;
  const own = await loadTexts(db, lang, { groups: [ERROR_TEXT_GROUP] });
  const english = englishTextFiles();
  return (ref) => renderText(ref, own[ref.id] === undefined ? english : own, lang);
}

/** The answer body of `err` in `lang`; in English when the texts cannot be read (an error answer never fails for its wording). */
export async function errorBody(db: Database, err: AppError, lang: string): Promise<ErrorBody> {
  const render = await errorRenderer(db, lang).catch(() => englishError);
  return err.toBody(render);
}
