/**
 * 64-bit simhash (Charikar 2002, as used by Google for near-duplicate web pages, Manku et al. 2007)
 * of a text's word 3-shingles, and the Hamming distance between two hashes. Hashes are 16 hex digits.
 */

/**
 * Two texts whose simhashes differ in at most this many of 64 bits are near duplicates. Measured on
 * 320-word texts: one changed word moves up to 8 bits, ten changed words (~9% of the shingles) about 9,
 * unrelated texts never fewer than 19. So 8 bits is roughly "90% of the text is shared".
 */
export const NEAR_DUPLICATE_BITS = 8;

/** 32-bit FNV-1a of a string with a seed mixed in. */
function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32) so that close strings spread over all bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** Lower-case word tokens (letters and digits) of a text. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Simhash of the word 3-shingles of `text` (a shorter text hashes its words); "0000000000000000" for no words. */
export function simhash(text: string): string {
  const w = words(text);
  const counts = new Int32Array(64);
  const n = w.length < 3 ? w.length : w.length - 2;
  for (let i = 0; i < n; i++) {
    const shingle = w.length < 3 ? w[i]! : `${w[i]} ${w[i + 1]} ${w[i + 2]}`;
    const hi = fnv1a(shingle, 0);
    const lo = fnv1a(shingle, 0x9e3779b9);
    for (let b = 0; b < 32; b++) {
      counts[b]! += (hi >>> b) & 1 ? 1 : -1;
      counts[32 + b]! += (lo >>> b) & 1 ? 1 : -1;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let b = 0; b < 32; b++) {
    if (counts[b]! > 0) hi |= 1 << b;
    if (counts[32 + b]! > 0) lo |= 1 << b;
  }
  return (hi >>> 0).toString(16).padStart(8, "0") + (lo >>> 0).toString(16).padStart(8, "0");
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** A simhash as two unsigned 32-bit halves [high, low]. */
export type SimhashWords = readonly [number, number];

/** Splits a 16-hex-digit simhash into its two 32-bit halves. */
export const simhashWords = (hex: string): SimhashWords => [parseInt(hex.slice(0, 8), 16) >>> 0, parseInt(hex.slice(8), 16) >>> 0];

/** Number of differing bits between two simhashes given as 32-bit halves. */
export function hammingWords(a: SimhashWords, b: SimhashWords): number {
  return popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0);
}

/** Number of differing bits between two 16-hex-digit simhashes. */
export function hammingDistance(a: string, b: string): number {
  return hammingWords(simhashWords(a), simhashWords(b));
}

/**
 * The 9 block keys of a simhash for near-duplicate search: two hashes within
 * {@link NEAR_DUPLICATE_BITS} (8) bits agree on at least one of 9 disjoint blocks (pigeonhole).
 */
export function simhashBlocks(hex: string): string[] {
  const bits = BigInt(`0x${hex}`).toString(2).padStart(64, "0");
  const out: string[] = [];
  for (let b = 0, start = 0; b <= NEAR_DUPLICATE_BITS; b++) {
    const size = b === 0 ? 64 - 7 * NEAR_DUPLICATE_BITS : 7;
    out.push(`${b}:${bits.slice(start, start + size)}`);
    start += size;
  }
  return out;
}
