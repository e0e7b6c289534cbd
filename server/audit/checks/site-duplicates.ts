/** Duplicate titles, descriptions, headings, content (exact and near, by simhash) and URLs across indexable pages. */
import type { AuditPage, IssueOccurrence } from "../model.ts";
import { NEAR_DUPLICATE_BITS, hammingWords, simhashBlocks, simhashWords } from "../simhash.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

/** Pages with fewer words are left out of content duplicate checks (thin-content covers them). */
export const DUPLICATE_MIN_WORDS = 30;

const MAX_LISTED = 5;

function others(urls: readonly string[], self: string): string {
  const list = urls.filter((u) => u !== self);
  const shown = list.slice(0, MAX_LISTED).join(", ");
  return list.length > MAX_LISTED ? `${shown} … (+${list.length - MAX_LISTED})` : shown;
}

/** Groups indexable pages by `key` (null: skipped) and reports every member of a group of two or more. */
function groups(ctx: SiteContext, key: (p: AuditPage) => string | null, message: number): IssueOccurrence[] {
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
    for (const url of urls) out.push({ url, message: text(message, { count: urls.length - 1 }), evidence: others(urls, url) });
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
    message: text(60460, { count }),
    evidence:
      sample.map(([j, d]) => `${pages[j]!.url} (simhash Δ ${d}/64)`).join(", ") +
      (count > sample.length ? ` … (+${count - sample.length})` : ""),
  }));
}

export const siteDuplicateChecks = defineSiteChecks([
  {
    id: "title-duplicate",
    category: "titles",
    severity: "warning",
    title: text(60461),
    why: text(60462),
    fix: text(60463),
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.title), 60459),
  },
  {
    id: "meta-description-duplicate",
    category: "meta-descriptions",
    severity: "notice",
    title: text(60464),
    why: text(60465),
    fix: text(60466),
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.metaDescription), 60620),
  },
  {
    id: "h1-duplicate",
    category: "headings",
    severity: "notice",
    title: text(60467),
    why: text(60468),
    fix: text(60469),
    run: (ctx) => groups(ctx, (p) => norm(p.facts!.h1[0]), 60621),
  },
  {
    id: "content-duplicate",
    category: "content",
    severity: "warning",
    title: text(60470),
    why: text(60471),
    fix: text(60472),
    run: (ctx) => groups(ctx, (p) => (p.facts!.wordCount >= DUPLICATE_MIN_WORDS ? p.facts!.textHash : null), 60622),
  },
  {
    id: "content-near-duplicate",
    category: "content",
    severity: "notice",
    title: text(60473),
    why: text(60474),
    fix: text(60475),
    run: nearDuplicates,
  },
  {
    id: "url-case-duplicates",
    category: "urls",
    severity: "warning",
    title: text(60476),
    why: text(60477),
    fix: text(60478),
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
        .flatMap((l) => l.map((url) => ({ url, message: text(60479), evidence: others(l, url) })));
    },
  },
]);
