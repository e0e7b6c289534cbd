/**
 * A project's keywords and competitors (issue 10 point 2): add one, paste many (one a line), import
 * a CSV (keyword, target URL, tags separated by "|" or ";"), tags, an optional target URL, remove;
 * competitor domains tracked on the same keywords.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { projects, rankCompetitors, rankKeywords } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { splitCsvLine } from "./csv.ts";
import { normalizeDomain } from "./match.ts";

/** Most keywords one project may track. */
export const MAX_KEYWORDS = 10_000;
/** Longest keyword, in characters (DataForSEO takes 700, SerpApi's Yandex 400). */
export const MAX_KEYWORD_LENGTH = 400;

/** One keyword to add. */
export interface KeywordInput {
  keyword: string;
  targetUrl?: string | null;
  tags?: string[];
}

const tagList = (s: string) =>
  s
    .split(/[|;,]/)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== "" && t.length <= 50);

/** Form/API input of adding keywords: a pasted list (one a line) with shared tags and target URL. */
export const keywordsInputSchema = z.object({
  keywords: z.string().trim().min(1).max(1_000_000),
  targetUrl: z
    .string()
    .trim()
    .max(2048)
    .optional()
    .transform((s) => (s ? s : null))
    .refine((s) => s === null || /^https?:\/\/[^\s]+$/i.test(s), {
      message: "a target URL starts with http:// or https://",
      params: { text: 58032 },
    }),
  tags: z
    .string()
    .max(500)
    .optional()
    .transform((s) => tagList(s ?? "")),
});

/** Splits a pasted block: one keyword a line, blank lines and duplicates dropped, spaces collapsed. */
export function parsePasted(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const k = line.trim().replace(/\s+/g, " ").toLowerCase();
    if (k && k.length <= MAX_KEYWORD_LENGTH && !seen.has(k)) {
      seen.add(k);
      out.push(k);
    }
  }
  return out;
}

/**
 * Keywords of a CSV file: a header row naming `keyword` (or `query`/`keywords`), optional `url`
 * (or `target url`) and `tags`; without a recognised header the first column is the keyword.
 * Comma, semicolon or tab separated.
 */
export function parseKeywordCsv(text: string): KeywordInput[] {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  if (lines.length === 0) return [];
  const sep = [",", ";", "\t"].sort((a, b) => lines[0]!.split(b).length - lines[0]!.split(a).length)[0]!;
  const head = splitCsvLine(lines[0]!, sep).map((h) => h.toLowerCase());
  const ki = head.findIndex((h) => ["keyword", "keywords", "query", "top queries"].includes(h));
  const ui = head.findIndex((h) => ["url", "target url", "target_url", "landing page"].includes(h));
  const ti = head.findIndex((h) => h === "tags" || h === "tag");
  const rows = ki >= 0 ? lines.slice(1) : lines;
  const out: KeywordInput[] = [];
  for (const line of rows) {
    const f = splitCsvLine(line, sep);
    const keyword = (f[ki >= 0 ? ki : 0] ?? "").replace(/\s+/g, " ").toLowerCase();
    if (!keyword || keyword.length > MAX_KEYWORD_LENGTH) continue;
    const url = ui >= 0 ? (f[ui] ?? "") : "";
    out.push({ keyword, targetUrl: /^https?:\/\//i.test(url) ? url : null, tags: ti >= 0 ? tagList(f[ti] ?? "") : [] });
  }
  return out;
}

/** A keyword as screens show it. */
export interface KeywordView {
  id: number;
  keyword: string;
  targetUrl: string | null;
  tags: string[];
}

/** Owner and project. */
export interface KeywordScope {
  services: Services;
  owner: Owner;
  projectId: number;
}

const own = (o: KeywordScope, action: "read" | "change") =>
  authorize({ db: o.services.db, owner: o.owner, resource: "project", id: o.projectId, action, field: "idp" });

/**
 * Adds keywords (existing ones get the new tags merged and, when given, the new target URL).
 * @returns how many were new.
 * @throws AppError not_found (idp); validation (keywords) above {@link MAX_KEYWORDS}.
 */
export async function addKeywords(opts: KeywordScope & { keywords: KeywordInput[] }): Promise<{ added: number; total: number }> {
  await own(opts, "change");
  const db = opts.services.db;
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rankKeywords)
    .where(eq(rankKeywords.projectId, opts.projectId));
  const list = opts.keywords.filter((k) => k.keyword.trim() !== "");
  if (n + list.length > MAX_KEYWORDS) throw new AppError("validation", errorText(58168, { max: MAX_KEYWORDS }), "keywords");
  let added = 0;
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500).map((k) => ({
      projectId: opts.projectId,
      keyword: k.keyword.trim().replace(/\s+/g, " ").toLowerCase(),
      targetUrl: k.targetUrl ?? null,
      tags: k.tags ?? [],
    }));
    const rows = await db
      .insert(rankKeywords)
      .values(chunk)
      .onConflictDoUpdate({
        target: [rankKeywords.projectId, rankKeywords.keyword],
        set: {
          tags: sql`(select coalesce(array_agg(distinct t), '{}') from unnest(${rankKeywords.tags} || excluded.tags) t)`,
          targetUrl: sql`coalesce(excluded.target_url, ${rankKeywords.targetUrl})`,
        },
      })
      .returning({ id: rankKeywords.id, createdAt: rankKeywords.createdAt, inserted: sql<boolean>`(xmax = 0)` });
    added += rows.filter((r) => r.inserted).length;
  }
  return { added, total: n + added };
}

/** The project's keywords, alphabetical. @throws AppError not_found (idp). */
export async function listKeywords(opts: KeywordScope): Promise<KeywordView[]> {
  await own(opts, "read");
  return opts.services.db
    .select({ id: rankKeywords.id, keyword: rankKeywords.keyword, targetUrl: rankKeywords.targetUrl, tags: rankKeywords.tags })
    .from(rankKeywords)
    .where(eq(rankKeywords.projectId, opts.projectId))
    .orderBy(asc(rankKeywords.keyword));
}

/** Removes a keyword and its history. @throws AppError not_found (keywordId). */
export async function removeKeyword(opts: { services: Services; owner: Owner; keywordId: number }): Promise<void> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "keyword", id: opts.keywordId, action: "delete" });
  await opts.services.db.delete(rankKeywords).where(eq(rankKeywords.id, opts.keywordId));
}

/** The project's competitor domains. @throws AppError not_found (idp). */
export async function listCompetitors(opts: KeywordScope): Promise<{ id: number; domain: string }[]> {
  await own(opts, "read");
  return opts.services.db
    .select({ id: rankCompetitors.id, domain: rankCompetitors.domain })
    .from(rankCompetitors)
    .where(eq(rankCompetitors.projectId, opts.projectId))
    .orderBy(asc(rankCompetitors.domain));
}

/** Most competitors per project. */
export const MAX_COMPETITORS = 10;

/**
 * Adds a competitor domain. @throws AppError not_found (idp); validation (domain) for an invalid
 * domain, the project's own, or more than {@link MAX_COMPETITORS}.
 */
export async function addCompetitor(opts: KeywordScope & { domain: string }): Promise<{ id: number; domain: string }> {
  await own(opts, "change");
  const db = opts.services.db;
  const domain = normalizeDomain(opts.domain);
  if (!domain) throw new AppError("validation", errorText(58131), "domain");
  const [project] = await db.select({ domain: projects.domain }).from(projects).where(eq(projects.id, opts.projectId));
  if (project && normalizeDomain(project.domain) === domain) throw new AppError("validation", errorText(58132), "domain");
  const existing = await listCompetitors(opts);
  const same = existing.find((c) => c.domain === domain);
  if (same) return same;
  if (existing.length >= MAX_COMPETITORS) throw new AppError("validation", errorText(58169, { max: MAX_COMPETITORS }), "domain");
  const [row] = await db.insert(rankCompetitors).values({ projectId: opts.projectId, domain }).returning();
  return { id: row!.id, domain: row!.domain };
}

/** Removes a competitor. @throws AppError not_found (competitorId). */
export async function removeCompetitor(opts: { services: Services; owner: Owner; competitorId: number }): Promise<void> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "competitor", id: opts.competitorId, action: "delete" });
  await opts.services.db.delete(rankCompetitors).where(and(eq(rankCompetitors.id, opts.competitorId)));
}
