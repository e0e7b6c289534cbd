import MarkdownIt from "markdown-it";
import { parse as parseYaml } from "yaml";
import type { TocEntry } from "../db/schema/content.server.ts";

/** A Markdown file split into its YAML front matter and body. */
export interface FrontMatterFile {
  data: Record<string, unknown>;
  body: string;
}

/**
 * Splits `---`-delimited YAML front matter from a Markdown body. A file without front matter has
 * empty data. @throws Error when the YAML does not parse or is not a mapping.
 */
export function parseFrontMatter(source: string): FrontMatterFile {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (!m) return { data: {}, body: text };
  const data: unknown = parseYaml(m[1]!);
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new Error("front matter is not a YAML mapping");
  return { data: data as Record<string, unknown>, body: text.slice(m[0].length) };
}

/** Rendered Markdown: safe HTML, the h2/h3 table of contents, plain text (for search) and its word count. */
export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  plain: string;
  words: number;
}

/** A heading's anchor id: lower-case letters and digits of any script joined by hyphens. */
export function slugifyHeading(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, "")
      .trim()
      .replace(/[\s-]+/g, "-")
      .slice(0, 80) || "section"
  );
}

/**
 * The Markdown engine: raw HTML is escaped (html: false) and markdown-it's link validation drops
 * javascript:, vbscript:, file: and non-image data: URLs, so the output is safe to inline.
 * Headings get unique anchor ids; images load lazily; tables and code blocks scroll, keyboard-focusable, on phones.
 */
function createEngine() {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
  // Smart quotes only: "replacements" would turn the list marker "(c)" of legal texts into ©.
  md.disable("replacements");
  md.core.ruler.push("heading_ids", (state) => {
    const used = new Map<string, number>();
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i]!;
      if (open.type !== "heading_open") continue;
      const text = tokens[i + 1]?.children?.map((c) => (c.type === "text" || c.type === "code_inline" ? c.content : "")).join("") ?? "";
      const base = slugifyHeading(text);
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      open.attrSet("id", n === 0 ? base : `${base}-${n + 1}`);
      open.meta = { text };
    }
  });
  const image = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet("loading", "lazy");
    tokens[idx]!.attrSet("decoding", "async");
    return image(tokens, idx, options, env, self);
  };
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, idx, options, env, self) =>
    fence(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
  md.renderer.rules.table_open = () => '<div class="table-wrap" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => "</table></div>\n";
  return md;
}

const engine = createEngine();

/** Words in a text; CJK and Thai text counts one word per two characters. */
export function countWords(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu)?.length ?? 0;
  const words = text
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/gu, " ")
    .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu);
  return (words?.length ?? 0) + Math.ceil(cjk / 2);
}

/** Reading time in whole minutes at 230 words a minute, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / 230));
}

/**
 * Renders a Markdown body (see createEngine for the safety rules). `headingShift` moves every
 * heading down that many levels (e.g. 1 when the page already gives the text an h2 title).
 */
export function renderMarkdown(body: string, opts: { headingShift?: number } = {}): RenderedMarkdown {
  const tokens = engine.parse(body, {});
  const shift = opts.headingShift ?? 0;
  if (shift)
    for (const t of tokens)
      if (t.type === "heading_open" || t.type === "heading_close") t.tag = `h${Math.min(6, Number(t.tag.slice(1)) + shift)}`;
  const toc: TocEntry[] = [];
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === "heading_open" && (t.tag === "h2" || t.tag === "h3")) {
      toc.push({ level: t.tag === "h2" ? 2 : 3, id: String(t.attrGet("id") ?? ""), text: (t.meta as { text: string }).text });
    }
    if (t.type === "inline")
      parts.push(
        (t.children ?? [])
          .map((c: { type: string; content: string }) => (c.type === "softbreak" || c.type === "hardbreak" ? " " : c.content))
          .join(""),
      );
    if (t.type === "fence" || t.type === "code_block") parts.push(t.content);
  }
  // A zero-width space after "<" keeps PostgreSQL's text-search parser from taking code such as
  // <title> for markup and dropping it from the index and the search snippets.
  const plain = parts.join("\n").trim().replace(/</g, "<\u200b");
  return { html: engine.renderer.render(tokens, engine.options, {}), toc, plain, words: countWords(plain) };
}

/** Values for the {{company.*}} and {{site.origin}} placeholders of legal pages and cases. */
export type Placeholders = Record<string, string>;

/** Replaces `{{key}}` placeholders with their values; unknown keys are left as they are. */
export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (all, key: string) => values[key] ?? all);
}
