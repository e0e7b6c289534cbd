import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isLanguage } from "../../common/i18n/languages.ts";
import type { Env } from "../env.server.ts";
import { projectRoot } from "../lib/paths.server.ts";
import { companyEmail, officeAddress } from "../site/company.server.ts";
import { parseFrontMatter, type Placeholders } from "./markdown.server.ts";

/** Folder of one content kind under content/. */
export function contentDir(kind: "blog" | "legal" | "whatsnew" | "cases"): string {
  return path.join(projectRoot(), "content", kind);
}

/** A YYYY-MM-DD date (YAML may give a Date or a string). */
export const ymd = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"),
);
const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug");

/** The five blog categories, in display order. */
export const BLOG_CATEGORIES = ["technical-seo", "content", "link-building", "local-seo", "analytics"] as const;

/** Blog post front matter (issue 4 file format). */
export const blogFrontMatter = z.object({
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(160),
  date: ymd,
  updated: ymd.optional(),
  author: z.string().min(1).max(100),
  category: z.enum(BLOG_CATEGORIES),
  tags: z.array(slugSchema).max(20).default([]),
});

/** Legal page front matter. */
export const legalFrontMatter = z.object({
  title: z.string().min(1).max(200),
  updated: ymd,
  description: z.string().min(1).max(300),
});

/** Release note front matter. */
export const releaseFrontMatter = z.object({
  title: z.string().min(1).max(200),
  date: ymd,
  tags: z.array(z.string().min(1).max(40)).max(10).default([]),
});

/** Case study front matter. */
export const caseFrontMatter = z.object({
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(300),
  date: ymd,
  site: z.string().min(1).max(200),
  industry: z.string().min(1).max(100),
  metrics: z
    .array(z.object({ label: z.string().min(1).max(100), value: z.union([z.string(), z.number()]).transform(String) }))
    .max(12)
    .default([]),
});

/** One Markdown file read from content/: its language folder ("" when none), slug, front matter and body. */
export interface ContentFile {
  file: string;
  lang: string;
  slug: string;
  data: Record<string, unknown>;
  body: string;
}

/** A file that could not be used, and why. */
export interface ContentProblem {
  file: string;
  message: string;
}

function readDir(dir: string, lang: string, out: ContentFile[], problems: ContentProblem[]): void {
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()) {
    const file = path.join(dir, name);
    try {
      const { data, body } = parseFrontMatter(readFileSync(file, "utf8"));
      out.push({ file, lang, slug: name.slice(0, -3), data, body });
    } catch (err) {
      problems.push({ file, message: (err as Error).message });
    }
  }
}

/**
 * Reads every Markdown file of a kind: per-language folders (content/<kind>/<lang>/*.md, unknown
 * language folders are reported) or, for whatsnew, the flat folder.
 */
export function readContentFiles(kind: "blog" | "legal" | "whatsnew" | "cases"): { files: ContentFile[]; problems: ContentProblem[] } {
  const root = contentDir(kind);
  const files: ContentFile[] = [];
  const problems: ContentProblem[] = [];
  if (!existsSync(root)) return { files, problems };
  if (kind === "whatsnew") {
    readDir(root, "", files, problems);
    return { files, problems };
  }
  for (const d of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    if (!isLanguage(d.name)) problems.push({ file: path.join(root, d.name), message: "not a supported language code" });
    else readDir(path.join(root, d.name), d.name, files, problems);
  }
  return { files, problems };
}

/**
 * Validates a file's front matter. @returns the parsed data, or null after recording the problem.
 */
export function frontMatterOf<S extends z.ZodType>(schema: S, f: ContentFile, problems: ContentProblem[]): z.infer<S> | null {
  const parsed = schema.safeParse(f.data);
  if (parsed.success) return parsed.data;
  problems.push({ file: f.file, message: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
  return null;
}

/** The {{company.*}} and {{site.origin}} values from configuration (COMPANY_*, OFFICE_* variables). */
export function companyPlaceholders(env: Env): Placeholders {
  const origin = new URL(env.PUBLIC_ORIGIN);
  return {
    "company.name": env.COMPANY_NAME,
    "company.legalName": env.COMPANY_LEGAL_NAME,
    "company.address": officeAddress(env),
    "company.email": companyEmail(env),
    "company.phone": env.COMPANY_PHONE,
    "site.origin": origin.origin,
  };
}
