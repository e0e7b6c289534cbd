import { DEFAULT_LANG, LANGUAGES } from "../../common/i18n/languages.ts";
import { readContentFiles } from "../content/files.server.ts";
import { readTextFiles } from "../db/seed.server.ts";

/** Translated / total of one kind of content in one language. */
export interface Coverage {
  done: number;
  total: number;
}

/** One row of `npm run i18n:report` (issue 15 item 2). */
export interface ReportRow {
  lang: string;
  name: string;
  texts: Coverage;
  blog: Coverage;
  legal: Coverage;
  cases: Coverage;
}

/**
 * Per supported language, how much is translated: interface texts (ids of English that the
 * language has), blog posts, legal pages and cases (English slugs that have a file in the
 * language). Read from content/ (the same files the seed and the content library read).
 */
export function translationReport(): ReportRow[] {
  const rows = readTextFiles();
  const english = new Set(rows.filter((r) => r.lang === DEFAULT_LANG).map((r) => r.id));
  const docs = (kind: "blog" | "legal" | "cases") => {
    const files = readContentFiles(kind).files;
    const en = new Set(files.filter((f) => f.lang === DEFAULT_LANG).map((f) => f.slug));
    return (lang: string): Coverage => ({
      done: new Set(files.filter((f) => f.lang === lang && en.has(f.slug)).map((f) => f.slug)).size,
      total: en.size,
    });
  };
  const blog = docs("blog");
  const legal = docs("legal");
  const cases = docs("cases");
  return LANGUAGES.map((l) => ({
    lang: l.code,
    name: l.name,
    texts: { done: new Set(rows.filter((r) => r.lang === l.code && english.has(r.id)).map((r) => r.id)).size, total: english.size },
    blog: blog(l.code),
    legal: legal(l.code),
    cases: cases(l.code),
  }));
}

/** The report as a Markdown table (one row per language). */
export function reportTable(rows: readonly ReportRow[]): string {
  const c = (v: Coverage) => `${v.done} / ${v.total}`;
  const lines = [
    "| language | interface texts | blog posts | legal pages | cases |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.lang} ${r.name} | ${c(r.texts)} | ${c(r.blog)} | ${c(r.legal)} | ${c(r.cases)} |`),
  ];
  return lines.join("\n");
}
