/**
 * One streaming pass of htmlparser2 over a page, collecting the raw material of the checks.
 * No DOM is built. URLs are kept as written; resolution against `<base href>` happens later
 * (the base applies to the whole document wherever it appears, as in browsers).
 *
 * Head tracking follows the HTML tree-construction rules closely enough for SEO: the head ends
 * at `<body>` or at the first element or text that cannot live in a head; head-only elements
 * (link, meta, script, style, title, base, noscript, template) after `</head>` but before the body
 * still belong to the head. Google ignores a canonical or hreflang link outside the head.
 */
import { Parser } from "htmlparser2";

/** A `<link>` element. `rel` holds lower-case tokens. */
export interface ParsedLinkTag {
  rel: string[];
  href: string | null;
  hreflang: string | null;
  media: string | null;
  inHead: boolean;
}

/** A `<meta>` element; names are lower case. */
export interface ParsedMeta {
  name: string | null;
  property: string | null;
  httpEquiv: string | null;
  content: string | null;
  charset: string | null;
  inHead: boolean;
}

/** An `<a>` or `<area>` with an href (SVG `<a>` with href or xlink:href included). */
export interface ParsedAnchor {
  /** As written, trimmed. */
  href: string;
  /** Visible text, or aria-label / image alt / title when there is no text. Whitespace collapsed. */
  text: string;
  /** rel attribute, lower case. */
  rel: string;
  inSvg: boolean;
  /** An image-map `<area>` rather than an `<a>`. */
  isArea: boolean;
}

/** An HTML `<img>`. Attributes as written; `alt` is null when the attribute is absent. */
export interface ParsedImage {
  src: string | null;
  alt: string | null;
  width: string | null;
  height: string | null;
}

/** A `<script>` element. `type` is lower case, "" when absent. */
export interface ParsedScript {
  src: string | null;
  type: string;
  async: boolean;
  defer: boolean;
  inHead: boolean;
}

/** A `<form>`: action as written (null when absent) and method in lower case. */
export interface ParsedForm {
  action: string | null;
  method: string;
}

/** Everything one parse pass collects. */
export interface ParsedHtml {
  hasDoctype: boolean;
  htmlLang: string | null;
  /** The first `<base href>`, as written. */
  baseHref: string | null;
  /** Text of every HTML `<title>` (SVG titles excluded), whitespace collapsed. */
  titles: string[];
  metas: ParsedMeta[];
  linkTags: ParsedLinkTag[];
  /** Headings with their text content; `imageAlt` joins the alt texts of images inside. */
  headings: { level: number; text: string; imageAlt: string }[];
  anchors: ParsedAnchor[];
  images: ParsedImage[];
  scripts: ParsedScript[];
  /** Source text of every `<script type="application/ld+json">`. */
  jsonLd: string[];
  forms: ParsedForm[];
  /** Sub-resource URLs as written (img, script, stylesheet, iframe, media, object, embed). */
  subresources: { tag: string; url: string }[];
  microdataTypes: string[];
  hasMicrodata: boolean;
  rdfaTypes: string[];
  hasRdfa: boolean;
  /** Number of elements, implied ones excluded. */
  elementCount: number;
  /** Visible text (no script, style, template, noscript, title), whitespace collapsed. */
  text: string;
}

const HEAD_TAGS = new Set(["base", "link", "meta", "script", "style", "title", "noscript", "template"]);
const HIDDEN_TEXT = new Set(["script", "style", "template", "noscript", "title", "textarea"]);
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
  "font",
  "nobr",
  "tt",
]);
const SUBRESOURCE_ATTRS: Record<string, string> = {
  img: "src",
  script: "src",
  iframe: "src",
  video: "src",
  audio: "src",
  source: "src",
  track: "src",
  embed: "src",
  object: "data",
  input: "src",
};

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const attr = (a: Record<string, string>, name: string): string | null => (name in a ? a[name]! : null);
const schemaTypeName = (t: string) =>
  t
    .replace(/[/#]+$/, "")
    .split(/[/#:]/)
    .pop() ?? t;

/** Parses an HTML string in one pass. Never throws: htmlparser2 recovers from any markup. */
export function parseHtml(html: string): ParsedHtml {
  const out: ParsedHtml = {
    hasDoctype: false,
    htmlLang: null,
    baseHref: null,
    titles: [],
    metas: [],
    linkTags: [],
    headings: [],
    anchors: [],
    images: [],
    scripts: [],
    jsonLd: [],
    forms: [],
    subresources: [],
    microdataTypes: [],
    hasMicrodata: false,
    rdfaTypes: [],
    hasRdfa: false,
    elementCount: 0,
    text: "",
  };
  let phase: "initial" | "head" | "after-head" | "body" = "initial";
  let foreignDepth = 0; // inside <svg> or <math>
  let hiddenDepth = 0; // inside elements whose text is not visible
  let headNoscriptDepth = 0; // <noscript> in the head: its content is raw text when scripting is on
  const textParts: string[] = [];
  let title: string[] | null = null;
  let heading: { level: number; parts: string[]; alts: string[] } | null = null;
  const anchorStack: { anchor: ParsedAnchor; parts: string[]; fallback: string | null }[] = [];
  let jsonLd: string[] | null = null;
  let htmlSeen = false;

  const enterBody = () => {
    phase = "body";
  };

  const parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (name.toLowerCase() === "!doctype") out.hasDoctype = true;
      },
      onopentag(name, a, isImplied) {
        if (!isImplied) out.elementCount++;
        if (headNoscriptDepth > 0) {
          headNoscriptDepth++;
          return;
        }
        const inForeign = foreignDepth > 0;
        if (name === "svg" || name === "math") foreignDepth++;
        // Head / body phase.
        if (phase !== "body" && !inForeign) {
          if (name === "head") phase = "head";
          else if (name === "body") enterBody();
          else if (HEAD_TAGS.has(name)) {
            if (phase === "initial") phase = "head";
          } else if (name !== "html") enterBody();
        }
        const inHead = phase !== "body";
        if (name === "noscript" && inHead) headNoscriptDepth = 1;
        if (HIDDEN_TEXT.has(name) && !inForeign) hiddenDepth++;
        if (!INLINE.has(name)) textParts.push(" ");

        if ("itemscope" in a) out.hasMicrodata = true;
        if (a.itemtype) for (const t of a.itemtype.trim().split(/\s+/)) out.microdataTypes.push(schemaTypeName(t));
        if (a.typeof !== undefined || a.vocab !== undefined) out.hasRdfa = true;
        if (a.typeof) for (const t of a.typeof.trim().split(/\s+/)) out.rdfaTypes.push(schemaTypeName(t));

        const subAttr = SUBRESOURCE_ATTRS[name];
        if (subAttr && a[subAttr] && !inForeign && (name !== "input" || a.type?.toLowerCase() === "image")) {
          out.subresources.push({ tag: name, url: a[subAttr].trim() });
        }

        switch (name) {
          case "html":
            if (!htmlSeen && !inForeign) out.htmlLang = attr(a, "lang");
            htmlSeen = true;
            break;
          case "base":
            if (out.baseHref === null && a.href !== undefined && !inForeign) out.baseHref = a.href.trim();
            break;
          case "title":
            if (!inForeign) title = [];
            break;
          case "meta":
            out.metas.push({
              name: attr(a, "name")?.trim().toLowerCase() ?? null,
              property: attr(a, "property")?.trim().toLowerCase() ?? null,
              httpEquiv: attr(a, "http-equiv")?.trim().toLowerCase() ?? null,
              content: attr(a, "content"),
              charset: attr(a, "charset"),
              inHead,
            });
            break;
          case "link": {
            const rel = (a.rel ?? "").toLowerCase().trim().split(/\s+/).filter(Boolean);
            out.linkTags.push({ rel, href: attr(a, "href"), hreflang: attr(a, "hreflang"), media: attr(a, "media"), inHead });
            if (rel.includes("stylesheet") && a.href) out.subresources.push({ tag: "link", url: a.href.trim() });
            break;
          }
          case "h1":
          case "h2":
          case "h3":
          case "h4":
          case "h5":
          case "h6":
            if (!inForeign) heading = { level: Number(name[1]), parts: [], alts: [] };
            break;
          case "a":
          case "area": {
            const href = a.href ?? a["xlink:href"];
            if (href === undefined) break;
            const anchor: ParsedAnchor = {
              href: href.trim(),
              text: "",
              rel: (a.rel ?? "").toLowerCase().trim(),
              inSvg: inForeign,
              isArea: name === "area",
            };
            out.anchors.push(anchor);
            const fallback = a["aria-label"] ?? (name === "area" ? a.alt : undefined) ?? a.title ?? null;
            if (name === "area") anchor.text = collapse(fallback ?? "");
            else anchorStack.push({ anchor, parts: [], fallback });
            break;
          }
          case "img":
            if (inForeign) break;
            out.images.push({ src: attr(a, "src"), alt: attr(a, "alt"), width: attr(a, "width"), height: attr(a, "height") });
            if (a.alt) {
              for (const open of anchorStack) open.fallback ??= a.alt;
              heading?.alts.push(a.alt);
            }
            break;
          case "script": {
            const type = (a.type ?? "").trim().toLowerCase();
            out.scripts.push({ src: attr(a, "src"), type, async: "async" in a, defer: "defer" in a, inHead });
            if (type.split(";")[0]!.trim() === "application/ld+json") jsonLd = [];
            break;
          }
          case "form":
            out.forms.push({ action: attr(a, "action"), method: (a.method ?? "get").trim().toLowerCase() });
            break;
        }
      },
      ontext(data) {
        if (title) title.push(data);
        if (jsonLd) jsonLd.push(data);
        if (headNoscriptDepth > 0 || hiddenDepth > 0) return;
        if (phase !== "body" && foreignDepth === 0 && /\S/.test(data)) enterBody();
        textParts.push(data);
        heading?.parts.push(data);
        for (const open of anchorStack) open.parts.push(data);
      },
      onclosetag(name) {
        if (headNoscriptDepth > 0) {
          headNoscriptDepth--;
          if (headNoscriptDepth > 0 || name !== "noscript") return;
        }
        if (name === "svg" || name === "math") foreignDepth = Math.max(0, foreignDepth - 1);
        if (HIDDEN_TEXT.has(name) && foreignDepth === 0 && hiddenDepth > 0) hiddenDepth--;
        if (!INLINE.has(name)) textParts.push(" ");
        if (name === "head" && phase === "head") phase = "after-head";
        if (name === "title" && title) {
          out.titles.push(collapse(title.join("")));
          title = null;
        }
        if (name === "script" && jsonLd) {
          out.jsonLd.push(jsonLd.join(""));
          jsonLd = null;
        }
        if (heading && name === `h${heading.level}`) {
          out.headings.push({ level: heading.level, text: collapse(heading.parts.join("")), imageAlt: collapse(heading.alts.join(" ")) });
          heading = null;
        }
        if (name === "a" && anchorStack.length > 0) {
          const open = anchorStack.pop()!;
          const text = collapse(open.parts.join(""));
          open.anchor.text = text !== "" ? text : collapse(open.fallback ?? "");
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  // Unclosed elements at end of input.
  while (anchorStack.length > 0) {
    const open = anchorStack.pop()!;
    open.anchor.text = collapse(open.parts.join("")) || collapse(open.fallback ?? "");
  }
  out.text = collapse(textParts.join(""));
  return out;
}
