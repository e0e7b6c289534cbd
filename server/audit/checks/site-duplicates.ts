/** Duplicate titles, descriptions, headings, content (exact and near, by simhash) and URLs across indexable pages. */
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { NEAR_DUPLICATE_BITS, hammingWords, simhashBlocks, simhashWords } from "../simhash.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

/** Pages with fewer words are left out of content duplicate checks (thin-content covers them). */
export const DUPLICATE_MIN_WORDS = 30;

const MAX_LISTED = 5;

function others(urls: readonly string[], self: string): string {
  const list = urls.filter((u) => u !== self);
  const shown = list.slice(0, MAX_LISTED).join(", ");
  return list.length > MAX_LISTED ? `${shown} … (+${list.length - MAX_LISTED} more)` : shown;
}

/** Groups indexable pages by `key` (null: skipped) and reports every member of a group of two or more. */
function groups(ctx: SiteContext, key: (p: AuditPage) => string | null, what: string): IssueOccurrence[] {
  const byKey = new Map<string, string[]>();
  for (const p of ctx.htmlPages) {
    if (!ctx.isIndexable(p)) continue;
    const k = key(p);
    if (k === null || k === "") continue;
    const list = byKey.get(k);
    if (list) list.push(p.url);
    else byKey.set(k, [p.url]);
  }
  const out: IssueOccurrence[] = [];
  for (const urls of byKey.values()) {
    if (urls.length < 2) continue;
    for (const url of urls) out.push({ url, message: `Same ${what} as ${urls.length - 1} other page(s).`, evidence: others(urls, url) });
  }
  return out;
}

const norm = (s: string | null | undefined) => (s ?? "").trim().replace(/\s+/g, " ").toLowerCase() || null;

/** Most near-copies recorded per page as evidence; the rest are only counted (bounded memory). */
const NEAR_SAMPLE = MAX_LISTED;

/**
 * Near-duplicate pairs by simhash: pages are bucketed by each of the 9 blocks of their hash (two
 * hashes within NEAR_DUPLICATE_BITS share at least one block), then compared within buckets only.
 * A pair is compared once, in the bucket of the first block the two hashes share. Per page, the
 * number of near-copies is counted and at most NEAR_SAMPLE of them are kept, so a site of templated
 * pages (one big bucket) needs memory linear in its page count.
 */
function nearDuplicates(ctx: SiteContext): IssueOccurrence[] {
  const pages = ctx.htmlPages.filter((p) => ctx.isIndexable(p) && p.facts!.wordCount >= DUPLICATE_MIN_WORDS);
  const words = pages.map((p) => simhashWords(p.facts!.simhash));
  const blocks = pages.map((p) => simhashBlocks(p.facts!.simhash));
  const buckets = new Map<string, number[]>();
  blocks.forEach((keys, i) => {
    for (const key of keys) {
      const list = buckets.get(key);
      if (list) list.push(i);
      else buckets.set(key, [i]);
    }
  });
  const near = new Map<number, { count: number; sample: [number, number][] }>();
  const link = (i: number, j: number, d: number) => {
    const entry = near.get(i) ?? { count: 0, sample: [] };
    entry.count++;
    if (entry.sample.length < NEAR_SAMPLE) entry.sample.push([j, d]);
    near.set(i, entry);
  };
  const sharedEarlier = (i: number, j: number, block: number) => {
    for (let k = 0; k < block; k++) if (blocks[i]![k] === blocks[j]![k]) return true;
    return false;
  };
  for (const [key, list] of buckets) {
    const block = Number(key.slice(0, key.indexOf(":")));
    for (let x = 0; x < list.length; x++) {
      for (let y = x + 1; y < list.length; y++) {
        const i = list[x]!;
        const j = list[y]!;
        if (sharedEarlier(i, j, block) || pages[i]!.facts!.textHash === pages[j]!.facts!.textHash) continue;
        const d = hammingWords(words[i]!, words[j]!);
        if (d > NEAR_DUPLICATE_BITS) continue;
        link(i, j, d);
        link(j, i, d);
      }
    }
  }
  return [...near].map(([i, { count, sample }]) => ({
    url: pages[i]!.url,
    message: `Nearly the same text as ${count} other page(s).`,
    evidence:
      sample.map(([j, d]) => `${pages[j]!.url} (${d} of 64 simhash bits differ)`).join(", ") +
      (count > sample.length ? ` … (+${count - sample.length} more)` : ""),
  }));
}

export const siteDuplicateChecks = defineSiteChecks([
  {
    id: "title-duplicate",
    category: "titles",
    severity: "warning",
    title: "Duplicate title",
    why: "Pages with the same title compete for the same queries and look interchangeable in search results.",
    fix: "Write a unique title for each indexable page, or consolidate the duplicates with a canonical or redirect.",
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.title), "title"),
  },
  {
    id: "meta-description-duplicate",
    category: "meta-descriptions",
    severity: "notice",
    title: "Duplicate meta description",
    why: "Repeated descriptions make results look alike, so Google often replaces them with its own snippet.",
    fix: "Write a unique description that summarises each page.",
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.metaDescription), "meta description"),
  },
  {
    id: "h1-duplicate",
    category: "headings",
    severity: "notice",
    title: "Duplicate <h1>",
    why: "Identical main headings suggest pages about the same thing and blur which one should rank.",
    fix: "Give each page a main heading that names its own topic.",
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.h1[0]), "<h1>"),
  },
  {
    id: "content-duplicate",
    category: "content",
    severity: "warning",
    title: "Duplicate content",
    why: "Pages with identical text split ranking signals; Google picks one and may ignore the rest.",
    fix: "Merge the pages, 301-redirect the copies, or point their canonical at the original.",
    run: (ctx) => groups(ctx, (p) => (p.facts!.wordCount >= DUPLICATE_MIN_WORDS ? p.facts!.textHash : null), "text"),
  },
  {
    id: "content-near-duplicate",
    category: "content",
    severity: "notice",
    title: "Near-duplicate content",
    why: "Pages that differ only in a few words (boilerplate variants, filters) are treated as duplicates and compete with each other.",
    fix: "Make each page's content distinct, or consolidate near-copies with a canonical.",
    run: nearDuplicates,
  },
  {
    id: "url-case-duplicates",
    category: "urls",
    severity: "warning",
    title: "URLs that differ only in letter case",
    why: "Servers treat /Page and /page as two URLs: duplicate content and split link signals.",
    fix: "Link to one lower-case form and 301-redirect the others.",
    run: (ctx) => {
      const byLower = new Map<string, string[]>();
      for (const p of ctx.htmlPages) {
        const k = p.finalUrl.toLowerCase();
        const list = byLower.get(k);
        if (list) {
          if (!list.includes(p.finalUrl)) list.push(p.finalUrl);
        } else byLower.set(k, [p.finalUrl]);
      }
      return [...byLower.values()]
        .filter((l) => l.length > 1)
        .flatMap((l) => l.map((url) => ({ url, message: "Another URL differs only in case.", evidence: others(l, url) })));
    },
  },
]);
