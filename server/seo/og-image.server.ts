import { Resvg } from "@resvg/resvg-js";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Splits `text` into at most `maxLines` lines of about `width` characters, ending with "…" if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.:;—-]+$/, "")}…`;
  return kept;
}

/** The SVG of a 1200×630 Open Graph card: brand, page title and the site's host. */
export function ogSvg(title: string, eyebrow: string, host: string): string {
  const lines = wrapText(title, 26, 4);
  const tspans = lines.map((l, i) => `<tspan x="80" dy="${i === 0 ? 0 : 78}">${esc(l)}</tspan>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#111a2e"/>
<rect x="0" y="590" width="1200" height="40" fill="#d9480f"/>
<rect x="80" y="70" width="56" height="56" rx="12" fill="#d9480f"/>
<rect x="94" y="100" width="7" height="14" fill="#fff"/><rect x="105" y="92" width="7" height="22" fill="#fff"/><rect x="116" y="82" width="7" height="32" fill="#fff"/>
<text x="152" y="110" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="#ffffff">Rankforge</text>
<text x="80" y="200" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#f0601f">${esc(eyebrow.toUpperCase())}</text>
<text x="80" y="290" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff">${tspans}</text>
<text x="80" y="560" font-family="DejaVu Sans" font-size="28" fill="#a7b0c5">${esc(host)}</text>
</svg>`;
}

const cache = new Map<string, Buffer>();
const CACHE_LIMIT = 2000;

/**
 * The PNG of an Open Graph card (issue 4 "Open Graph and Twitter cards with an image per page"),
 * rendered with resvg from {@link ogSvg} using system fonts, cached in memory by `cacheKey`.
 */
export function renderOgPng(cacheKey: string, title: string, eyebrow: string, host: string): Buffer {
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const png = new Resvg(ogSvg(title, eyebrow, host), { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } })
    .render()
    .asPng();
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, png);
  return png;
}
