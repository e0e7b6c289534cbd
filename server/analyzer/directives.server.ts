/**
 * Parsers for the HTTP headers and meta values the checks read: `Link` (RFC 8288) and
 * robots directives (meta robots and `X-Robots-Tag`).
 */

/** One `Link` header entry; parameter names are lower case, `rel` values lower case. */
export interface LinkHeaderEntry {
  href: string;
  params: Record<string, string>;
}

/**
 * Parses a `Link` header value such as `<https://a/>; rel="canonical", <https://a/de>; rel=alternate; hreflang=de`.
 * Malformed entries are skipped; never throws.
 */
export function parseLinkHeader(value: string | undefined): LinkHeaderEntry[] {
  if (!value) return [];
  const out: LinkHeaderEntry[] = [];
  let i = 0;
  const n = value.length;
  while (i < n) {
    const lt = value.indexOf("<", i);
    if (lt < 0) break;
    const gt = value.indexOf(">", lt);
    if (gt < 0) break;
    const entry: LinkHeaderEntry = { href: value.slice(lt + 1, gt).trim(), params: {} };
    i = gt + 1;
    // Parameters until the next top-level comma.
    while (i < n) {
      while (i < n && /\s/.test(value[i]!)) i++;
      if (value[i] === ",") {
        i++;
        break;
      }
      if (value[i] !== ";") {
        // Garbage: skip to the next comma.
        const comma = value.indexOf(",", i);
        i = comma < 0 ? n : comma + 1;
        break;
      }
      i++;
      const m = /^\s*([^\s=;,]+)\s*(?:=\s*)?/.exec(value.slice(i));
      if (!m) continue;
      const name = m[1]!.toLowerCase();
      const hasValue = m[0].includes("=");
      i += m[0].length;
      let v = "";
      if (hasValue && value[i] === '"') {
        i++;
        while (i < n && value[i] !== '"') {
          if (value[i] === "\\" && i + 1 < n) i++;
          v += value[i];
          i++;
        }
        i++;
      } else if (hasValue) {
        const m2 = /^[^;,]*/.exec(value.slice(i))!;
        v = m2[0].trim();
        i += m2[0].length;
      }
      if (!(name in entry.params)) entry.params[name] = name === "rel" ? v.toLowerCase() : v;
    }
    out.push(entry);
  }
  return out;
}

/** Robots directives that take a value after a colon (so the colon is not a user-agent prefix). */
const VALUE_DIRECTIVES = new Set(["unavailable_after", "max-snippet", "max-image-preview", "max-video-preview"]);

/** Splits a meta robots content into lower-case directives, e.g. "NOINDEX, follow" → ["noindex", "follow"]. */
export function parseRobotsContent(content: string | null | undefined): string[] {
  if (!content) return [];
  return content
    .split(",")
    .map((d) =>
      d
        .trim()
        .toLowerCase()
        .replace(/\s*:\s*/, ":"),
    )
    .filter(Boolean);
}

/**
 * Directives of an `X-Robots-Tag` value that apply to Google: unprefixed ones and those after a
 * `googlebot:` prefix (a prefix applies to the directives that follow it until the next prefix).
 */
export function parseXRobotsTag(value: string | undefined, agents: readonly string[] = ["googlebot"]): string[] {
  if (!value) return [];
  const out: string[] = [];
  let agent: string | null = null;
  for (const raw of value.split(",")) {
    let token = raw.trim().toLowerCase();
    const m = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(token);
    if (m && !VALUE_DIRECTIVES.has(m[1]!)) {
      agent = m[1]!;
      token = m[2]!.trim();
    }
    if (token === "") continue;
    if (agent === null || agents.includes(agent)) out.push(token.replace(/\s*:\s*/, ":"));
  }
  return out;
}

/** True when the directives forbid indexing (`noindex` or `none`). */
export const hasNoindex = (directives: readonly string[]): boolean => directives.includes("noindex") || directives.includes("none");

/** True when the directives forbid following links (`nofollow` or `none`). */
export const hasNofollow = (directives: readonly string[]): boolean => directives.includes("nofollow") || directives.includes("none");
