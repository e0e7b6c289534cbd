/**
 * Character classes of word counting and word shingles, without a regular expression per text:
 * the audit calls them on every page's visible text (issue 14.1 profile: the regex scans were 8 %
 * of a jena audit's CPU). Results equal the Unicode-aware regexes they replace
 * (`[\p{L}\p{N}]` with the `u` flag, and JavaScript's `\s`); tests/unit/words.test.ts compares them.
 */

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Basic Multilingual Plane answers already looked up: 0 not yet, 1 letter or digit, 2 neither. */
const bmp = new Uint8Array(0x10000);

/** Whether code point `cp` is a letter or a digit (Unicode general category L or N). */
export function isLetterOrDigit(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x30 && cp <= 0x39);
  if (cp > 0xffff) return LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
  let known = bmp[cp]!;
  if (known === 0) bmp[cp] = known = LETTER_OR_DIGIT.test(String.fromCharCode(cp)) ? 1 : 2;
  return known === 1;
}

/** Whether UTF-16 unit `c` is whitespace as JavaScript's `\s` defines it (all of it lies in the BMP). */
export function isSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
