/**
 * Internal PageRank (Brin & Page 1998) over the audit's followed internal links, and its 0-100
 * "link score" (log scale, as Screaming Frog's Link Score).
 */

/** Damping factor of the random surfer. */
export const DAMPING = 0.85;
/** Largest number of power iterations; stops earlier when the ranks move less than {@link TOLERANCE} (L1). */
export const MAX_ITERATIONS = 100;
export const TOLERANCE = 1e-9;

/**
 * PageRank of `nodes` (sum 1) given directed `edges` [from, to] between node indexes. Duplicate
 * edges from one page count once; dangling pages spread their rank evenly.
 */
export function pageRank(nodeCount: number, edges: readonly (readonly [number, number])[]): Float64Array {
  const n = nodeCount;
  const rank = new Float64Array(n).fill(n === 0 ? 0 : 1 / n);
  if (n === 0) return rank;
  const out: number[][] = Array.from({ length: n }, () => []);
  const seen = new Set<number>();
  for (const [a, b] of edges) {
    if (a === b) continue;
    const key = a * n + b;
    if (seen.has(key)) continue;
    seen.add(key);
    out[a]!.push(b);
  }
  const next = new Float64Array(n);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    let dangling = 0;
    for (let i = 0; i < n; i++) if (out[i]!.length === 0) dangling += rank[i]!;
    next.fill((1 - DAMPING) / n + (DAMPING * dangling) / n);
    for (let i = 0; i < n; i++) {
      const targets = out[i]!;
      if (targets.length === 0) continue;
      const share = (DAMPING * rank[i]!) / targets.length;
      for (const t of targets) next[t]! += share;
    }
    let moved = 0;
    for (let i = 0; i < n; i++) moved += Math.abs(next[i]! - rank[i]!);
    rank.set(next);
    if (moved < TOLERANCE) break;
  }
  return rank;
}

/** Scales ranks to 0-100 on a log scale: the weakest page 0, the strongest 100 (all 100 when equal). */
export function linkScores(rank: Float64Array): number[] {
  if (rank.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const r of rank) {
    min = Math.min(min, r);
    max = Math.max(max, r);
  }
  if (max - min < 1e-12) return Array.from(rank, () => 100);
  const lmin = Math.log(min);
  const span = Math.log(max) - lmin;
  return Array.from(rank, (r) => Math.round((100 * (Math.log(r) - lmin)) / span));
}
