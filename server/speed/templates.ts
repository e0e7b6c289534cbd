/**
 * Site speed sampling (issue 12.2): a site's URLs grouped by path pattern, as Unlighthouse does, and
 * a few pages of each group picked for speed tests. The pattern of a URL is its path with dynamic
 * segments (numbers, ids, hashes) and its last segment replaced by `*`: /blog/2024/post.html →
 * /blog/*\/*; / stays /. Pure functions.
 */

const DYNAMIC = /^(\d+|[0-9a-f]{8,}|[0-9a-f-]{36})$/i;

/** The path pattern (template) of a URL. */
export function templateOf(url: string): string {
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  if (segments.length === 0) return "/";
  const parts = segments.map((s, i) => (i === segments.length - 1 || DYNAMIC.test(s) ? "*" : s));
  return `/${parts.join("/")}`;
}

/**
 * Groups `urls` by template and picks up to `perTemplate` of each, spread evenly over the group
 * sorted alphabetically (first and last included). Templates are returned sorted.
 */
export function sampleByTemplate(urls: string[], perTemplate: number): { template: string; urls: string[]; total: number }[] {
  const groups = new Map<string, string[]>();
  for (const u of [...new Set(urls)].sort()) {
    const t = templateOf(u);
    groups.set(t, [...(groups.get(t) ?? []), u]);
  }
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([template, list]) => {
      const n = Math.min(perTemplate, list.length);
      const picked = n <= 1 ? list.slice(0, n) : Array.from({ length: n }, (_, i) => list[Math.round((i * (list.length - 1)) / (n - 1))]!);
      return { template, urls: picked, total: list.length };
    });
}
