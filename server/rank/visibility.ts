/**
 * Visibility (issue 10 point 6): the share of the clicks the tracked keywords could get that the
 * site's positions get, by an expected click-through rate per position (1 = 30 %, falling to 1 %
 * on page 2, 0 beyond). 100 % means every keyword ranks first; an unranked keyword counts 0.
 */

const CTR = [0.3, 0.15, 0.1, 0.07, 0.05, 0.04, 0.03, 0.025, 0.02, 0.018];

/** Expected CTR of a position (0 when not ranked or below 20). */
export function expectedCtr(position: number | null): number {
  if (position === null || position < 1) return 0;
  if (position <= 10) return CTR[position - 1]!;
  return position <= 20 ? 0.01 : 0;
}

/** Visibility in percent (one decimal) of a set of positions; null when the set is empty. */
export function visibility(positions: (number | null)[]): number | null {
  if (positions.length === 0) return null;
  const sum = positions.reduce<number>((s, p) => s + expectedCtr(p), 0);
  return Math.round((sum / (positions.length * CTR[0]!)) * 1000) / 10;
}

/** Average of the ranked positions (one decimal), null when none ranks. */
export function averagePosition(positions: (number | null)[]): number | null {
  const ranked = positions.filter((p): p is number => p !== null);
  return ranked.length ? Math.round((ranked.reduce((s, p) => s + p, 0) / ranked.length) * 10) / 10 : null;
}

/** Buckets of the position distribution. */
export const BUCKETS = ["top3", "top10", "top30", "top100", "none"] as const;

/** Keywords per bucket (top 3, 4–10, 11–30, 31–100, not ranked): each keyword counts once. */
export function distribution(positions: (number | null)[]): Record<(typeof BUCKETS)[number], number> {
  const d = { top3: 0, top10: 0, top30: 0, top100: 0, none: 0 };
  for (const p of positions) {
    if (p === null || p > 100) d.none++;
    else if (p <= 3) d.top3++;
    else if (p <= 10) d.top10++;
    else if (p <= 30) d.top30++;
    else d.top100++;
  }
  return d;
}
