/**
 * Frontier rules shared by every crawl store (issue 16.2): breadth-first key order and the
 * de-duplication of URLs discovered in one batch. Pure.
 */
import type { NewUrl } from "./crawl-store.ts";

/**
 * Orders two breadth-first keys: shorter (shallower) first, then element by element; null (sitemap-only) last.
 * @returns negative, 0 or positive like a sort comparator.
 */
export function compareKeys(a: readonly number[] | null | undefined, b: readonly number[] | null | undefined): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : 1) : -1;
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * Keeps one entry per URL (the first in breadth-first order), sorted by URL: one order for every
 * writer, so concurrent upserts of the same URLs cannot deadlock, and new rows get their ids in
 * the same order in every store.
 */
export function dedupeUrls(urls: readonly NewUrl[]): NewUrl[] {
  const byUrl = new Map<string, NewUrl>();
  for (const u of urls) {
    const seen = byUrl.get(u.url);
    if (!seen) byUrl.set(u.url, u);
    else if (seen.kind === u.kind && compareKeys(u.key, seen.key) < 0)
      byUrl.set(u.url, { ...u, depth: seen.depth === null || (u.depth !== null && u.depth < seen.depth) ? u.depth : seen.depth });
  }
  return [...byUrl.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
