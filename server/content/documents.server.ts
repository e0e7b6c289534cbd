import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import type { TocEntry } from "../db/schema/content.server.ts";
import {
  caseFrontMatter,
  frontMatterOf,
  legalFrontMatter,
  readContentFiles,
  releaseFrontMatter,
  type ContentFile,
  type ContentProblem,
} from "./files.server.ts";
import { fillPlaceholders, renderMarkdown, type Placeholders } from "./markdown.server.ts";

/** The legal documents (issue 4), by slug = route path. */
export const LEGAL_SLUGS = ["privacy-policy", "terms-of-service", "public-offer-agreement", "refund-policy", "anti-spam-policy"] as const;

/** A legal page rendered from content/legal/<lang>/<slug>.md. */
export interface LegalDoc {
  lang: string;
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  updated: string;
  html: string;
  toc: TocEntry[];
}

/** A case study rendered from content/cases/<lang>/<slug>.md. */
export interface CaseStudy {
  lang: string;
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  site: string;
  industry: string;
  metrics: { label: string; value: string }[];
  html: string;
}

/** A release note rendered from content/whatsnew/<YYYY-MM-DD>-<slug>.md. */
export interface ReleaseNote {
  slug: string;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  tags: string[];
  html: string;
}

/** Everything under content/ except the blog (which lives in the database), rendered once. */
export interface ContentLibrary {
  legal: LegalDoc[];
  cases: CaseStudy[];
  releases: ReleaseNote[];
  problems: ContentProblem[];
}

const fillAll = <T extends Record<string, unknown>>(data: T, values: Placeholders): T =>
  JSON.parse(JSON.stringify(data), (_k, v: unknown) => (typeof v === "string" ? fillPlaceholders(v, values) : v)) as T;

function build(values: Placeholders): ContentLibrary {
  const problems: ContentProblem[] = [];
  const parse = <S extends Parameters<typeof frontMatterOf>[0]>(schema: S, f: ContentFile, headingShift = 0) => {
    const fm = frontMatterOf(schema, f, problems);
    return fm
      ? { fm: fillAll(fm as Record<string, unknown>, values), r: renderMarkdown(fillPlaceholders(f.body, values), { headingShift }) }
      : null;
  };
  const legalFiles = readContentFiles("legal");
  const caseFiles = readContentFiles("cases");
  const releaseFiles = readContentFiles("whatsnew");
  problems.push(...legalFiles.problems, ...caseFiles.problems, ...releaseFiles.problems);
  const legal = legalFiles.files.flatMap((f) => {
    if (!(LEGAL_SLUGS as readonly string[]).includes(f.slug)) {
      problems.push({ file: f.file, message: `not one of the legal pages ${LEGAL_SLUGS.join(", ")}` });
      return [];
    }
    const p = parse(legalFrontMatter, f);
    if (!p) return [];
    const fm = p.fm as unknown as { title: string; description: string; updated: string };
    return [{ lang: f.lang, slug: f.slug, ...fm, html: p.r.html, toc: p.r.toc }];
  });
  const cases = caseFiles.files.flatMap((f) => {
    const p = parse(caseFrontMatter, f);
    if (!p) return [];
    const fm = p.fm as unknown as Omit<CaseStudy, "lang" | "slug" | "html">;
    return [{ lang: f.lang, slug: f.slug, ...fm, html: p.r.html }];
  });
  const releases = releaseFiles.files.flatMap((f) => {
    const p = parse(releaseFrontMatter, f, 1);
    if (!p) return [];
    const fm = p.fm as unknown as Omit<ReleaseNote, "slug" | "html">;
    return [{ slug: f.slug, ...fm, html: p.r.html }];
  });
  releases.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { legal, cases, releases, problems };
}

const cache = new Map<string, ContentLibrary>();

/** The content library for these placeholder values, read and rendered on first use, then kept. */
export function contentLibrary(values: Placeholders): ContentLibrary {
  const key = JSON.stringify(values);
  let lib = cache.get(key);
  if (!lib) {
    lib = build(values);
    cache.set(key, lib);
  }
  return lib;
}

/**
 * URL language codes in which `items` exist (of one `slug`, or of any), in first-seen order: the
 * languages where a content page is indexable (issue 15 rule 3).
 */
export function versionLanguages(items: readonly { lang: string; slug: string }[], slug?: string): string[] {
  return [...new Set(items.filter((i) => slug === undefined || i.slug === slug).map((i) => i.lang))];
}

/** The version of `items` with `slug` in `lang`, else English, else any. */
export function pickVersion<T extends { lang: string; slug: string }>(items: T[], lang: string, slug: string): T | undefined {
  const all = items.filter((i) => i.slug === slug);
  return all.find((i) => i.lang === lang) ?? all.find((i) => i.lang === DEFAULT_LANG) ?? all[0];
}

/** One version per slug (see pickVersion). */
export function bestVersions<T extends { lang: string; slug: string }>(items: T[], lang: string): T[] {
  return [...new Set(items.map((i) => i.slug))].map((slug) => pickVersion(items, lang, slug)!);
}
