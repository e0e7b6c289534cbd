/**
 * 64-bit simhash (Charikar 2002, as used by Google for near-duplicate web pages, Manku et al. 2007)
 * of a text's word 3-shingles, and the Hamming distance between two hashes. Hashes are 16 hex digits.
 */

import { isLetterOrDigit } from "../analyzer/words.ts";

/**
 * Two texts whose simhashes differ in at most this many of 64 bits are near duplicates. Measured on
 * 320-word texts: one changed word moves up to 8 bits, ten changed words (~9% of the shingles) about 9,
 * unrelated texts never fewer than 19. So 8 bits is roughly "90% of the text is shared".
 */
export const NEAR_DUPLICATE_BITS = 8;

/** murmur3's 32-bit finaliser: spreads every input bit over every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;

/**
 * The two 32-bit FNV-1a hashes (seeds 0 and 0x9e3779b9) of each lower-case word token (a run of
 * letters and digits) of a text, in order: the same as hashing each match of `/[\p{L}\p{N}]+/gu`
 * in `text.toLowerCase()`, without building the words.
 */
export function wordHashes(text: string): { hi: number[]; lo: number[] } {
  const lower = text.toLowerCase();
  const hi: number[] = [];
  const lo: number[] = [];
  let h = 0;
  let l = 0;
  let inWord = false;
  for (let i = 0; i < lower.length;) {
    const cp = lower.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    if (isLetterOrDigit(cp)) {
      if (!inWord) {
        h = 0x811c9dc5;
        l = (0x811c9dc5 ^ 0x9e3779b9) >>> 0;
        inWord = true;
      }
      for (let k = i; k < i + units; k++) {
        const c = lower.charCodeAt(k);
        h = Math.imul(h ^ c, 0x01000193);
        l = Math.imul(l ^ c, 0x01000193);
      }
    } else if (inWord) {
      hi.push(h >>> 0);
      lo.push(l >>> 0);
      inWord = false;
    }
    i += units;
  }
  if (inWord) {
    hi.push(h >>> 0);
    lo.push(l >>> 0);
  }
  return { hi, lo };
}

/**
 * Simhash of the word 3-shingles of `text` (a shorter text hashes its words); "0000000000000000"
 * for no words. Each word is hashed once; a shingle's 64 bits mix its three word hashes in order.
 * Bit counts are kept per byte value (8 table updates per shingle instead of 64).
 */
export function simhash(text: string): string {
  const { hi, lo } = wordHashes(text);
  const count = hi.length;
  const n = count < 3 ? count : count - 2;
  // tables[k * 256 + v]: shingles whose byte k (0-3 high word, 4-7 low word) has value v.
  const tables = new Uint32Array(8 * 256);
  for (let i = 0; i < n; i++) {
    const h = count < 3 ? fmix32(hi[i]!) : fmix32(hi[i]! ^ rotl(hi[i + 1]!, 11) ^ rotl(hi[i + 2]!, 22) ^ 0x5bd1e995);
    const l = count < 3 ? fmix32(lo[i]!) : fmix32(lo[i]! ^ rotl(lo[i + 1]!, 13) ^ rotl(lo[i + 2]!, 26) ^ 0x1b873593);
    tables[h & 255]!++;
    tables[256 + ((h >>> 8) & 255)]!++;
    tables[512 + ((h >>> 16) & 255)]!++;
    tables[768 + (h >>> 24)]!++;
    tables[1024 + (l & 255)]!++;
    tables[1280 + ((l >>> 8) & 255)]!++;
    tables[1536 + ((l >>> 16) & 255)]!++;
    tables[1792 + (l >>> 24)]!++;
  }
  let outHi = 0;
  let outLo = 0;
  for (let k = 0; k < 8; k++) {
    for (let bit = 0; bit < 8; bit++) {
      let ones = 0;
      for (let v = 0; v < 256; v++) if (v & (1 << bit)) ones += tables[k * 256 + v]!;
      if (2 * ones <= n) continue;
      const pos = (k & 3) * 8 + bit;
      if (k < 4) outHi |= 1 << pos;
      else outLo |= 1 << pos;
    }
  }
  return (outHi >>> 0).toString(16).padStart(8, "0") + (outLo >>> 0).toString(16).padStart(8, "0");
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
