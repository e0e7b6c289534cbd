/**
 * Deliberately simple regex extraction of page facts, independent of the analyzer's
 * htmlparser2 pass, so the tests compare two different readings of the same file.
 */

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", "#39": "'" };

/** Decodes the common named entities and all numeric ones. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return NAMED[e.toLowerCase()] ?? m;
  });
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** Removes comments and script/style contents, which contain no markup that counts. */
export function stripInert(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
}

/** Value of an attribute in one tag's source, or null. */
export function attrOf(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return m ? decodeEntities(m[1] ?? m[2] ?? m[3] ?? "") : null;
}

/** Every opening tag of an element, as source text. */
export const tagsOf = (html: string, name: string): string[] => html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];

/** Text of every element of this name (tags stripped, entities decoded, whitespace collapsed). */
export function textsOf(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`, "gi"))].map((m) =>
    collapse(decodeEntities(m[1]!.replace(/<[^>]+>/g, ""))),
  );
}

/** Facts of a page read with regular expressions. */
export function regexFacts(rawHtml: string, pageUrl: string) {
  const html = stripInert(rawHtml);
  const page = new URL(pageUrl);
  const metaDescription = tagsOf(html, "meta").find((t) => attrOf(t, "name")?.toLowerCase() === "description");
  const canonical = tagsOf(html, "link").find((t) => attrOf(t, "rel")?.toLowerCase().split(/\s+/).includes("canonical"));
  const anchors = tagsOf(html, "a")
    .map((t) => attrOf(t, "href"))
    .filter((h): h is string => h !== null);
  const resolved = anchors.map((h) => URL.parse(h.trim(), page));
  const web = resolved.filter((u): u is URL => u !== null && (u.protocol === "http:" || u.protocol === "https:"));
  const imgs = tagsOf(html, "img");
  return {
    title: textsOf(rawHtml, "title")[0] ?? null,
    metaDescription: metaDescription ? attrOf(metaDescription, "content") : null,
    canonical: canonical ? new URL(attrOf(canonical, "href") ?? "", page).href : null,
    h1: textsOf(html, "h1"),
    lang: attrOf(tagsOf(html, "html")[0] ?? "", "lang"),
    hreflangCount: tagsOf(html, "link").filter((t) => attrOf(t, "hreflang") !== null).length,
    images: imgs.length,
    imagesWithoutAlt: imgs.filter((t) => attrOf(t, "alt") === null).map((t) => new URL(attrOf(t, "src") ?? "", page).href),
    links: anchors.length,
    internalLinks: web.filter((u) => u.hostname === page.hostname).length,
    externalLinks: web.filter((u) => u.hostname !== page.hostname).length,
  };
}
