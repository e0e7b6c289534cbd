/**
 * URL patterns of a crawl's include/exclude settings (issue 9.2): user-given regular expressions
 * run on RE2 semantics (re2js, linear time in the URL's length), never on the backtracking
 * RegExp engine, so no pattern can freeze the server. Back-references and look-arounds, which
 * need backtracking, are refused at input.
 */
import { RE2JS } from "re2js";

/** Largest compiled program accepted (RE2's rough cost measure; bounds the per-URL work). */
export const MAX_PATTERN_PROGRAM = 5000;

/** A compiled URL pattern: `test` tells whether it matches anywhere in the URL. */
export interface UrlPattern {
  source: string;
  test(url: string): boolean;
}

/**
 * Compiles a pattern in RE2 syntax.
 * @throws SyntaxError naming what is wrong (unsupported syntax, invalid pattern, too large).
 */
export function compilePattern(source: string): UrlPattern {
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (err) {
    throw new SyntaxError(`Pattern ${JSON.stringify(source)} is not supported: ${(err as Error).message}`, { cause: err });
  }
  if (re.programSize() > MAX_PATTERN_PROGRAM) throw new SyntaxError(`Pattern ${JSON.stringify(source)} is too complex`);
  return { source, test: (url) => re.test(url) };
}

/** Null when `source` compiles, else the reason it does not (for input validation). */
export function patternProblem(source: string): string | null {
  try {
    compilePattern(source);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
