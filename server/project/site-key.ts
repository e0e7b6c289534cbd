/**
 * The normalised site of a project URL (issue 8.5 "one project per normalised site per owner"):
 * the lower-case host with a non-default port kept and a leading "www." dropped; the scheme and
 * path do not count. `https://WWW.Example.com/a` and `http://example.com` are the same site;
 * `example.com:8080` is another.
 */
export function siteKey(url: string): string {
  return new URL(url).host.toLowerCase().replace(/^www\./, "");
}
