/** JavaScript rendering: what changes between the raw HTML and the page after Chromium ran its scripts. */
import type { AuditPage, IssueOccurrence, RenderDiff } from "../model.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

/** Rendered text counts as "only after JavaScript" when it grows by this factor and at least MIN words. */
export const RENDER_GROWTH_FACTOR = 2;
export const RENDER_GROWTH_MIN_WORDS = 50;

function rendered(ctx: SiteContext, judge: (d: RenderDiff, p: AuditPage) => Omit<IssueOccurrence, "url"> | null): IssueOccurrence[] {
  if (!ctx.input.settings.rendered) return [];
  const out: IssueOccurrence[] = [];
  for (const p of ctx.htmlPages) {
    if (!p.render) continue;
    const o = judge(p.render, p);
    if (o) out.push({ url: p.url, ...o });
  }
  return out;
}

const show = (v: string | null) => (v === null ? "(none)" : `"${v}"`);

export const siteRenderChecks = defineSiteChecks([
  {
    id: "render-title-changed",
    category: "javascript",
    severity: "warning",
    title: "JavaScript changes the title",
    why: "Search engines may index the raw title before rendering; a different rendered title sends two signals.",
    fix: "Serve the final title in the HTML from the server.",
    run: (ctx) =>
      rendered(
        ctx,
        (d) => d.title && { message: "The title differs after rendering.", evidence: `${show(d.title.raw)} → ${show(d.title.rendered)}` },
      ),
  },
  {
    id: "render-description-changed",
    category: "javascript",
    severity: "notice",
    title: "JavaScript changes the meta description",
    why: "Crawlers that do not render see another description than the one you intended.",
    fix: "Serve the final meta description in the HTML from the server.",
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.metaDescription && {
            message: "The meta description differs after rendering.",
            evidence: `${show(d.metaDescription.raw)} → ${show(d.metaDescription.rendered)}`,
          },
      ),
  },
  {
    id: "render-canonical-changed",
    category: "javascript",
    severity: "error",
    title: "JavaScript changes the canonical",
    why: "Google may use either canonical; conflicting raw and rendered canonicals are often ignored altogether.",
    fix: "Emit one canonical in the server HTML and do not rewrite it in scripts.",
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.canonical && {
            message: "The canonical differs after rendering.",
            evidence: `${show(d.canonical.raw)} → ${show(d.canonical.rendered)}`,
          },
      ),
  },
  {
    id: "render-robots-changed",
    category: "javascript",
    severity: "error",
    title: "JavaScript changes the robots directives",
    why: "A noindex in the raw HTML stops Google before it renders; adding or removing it with JavaScript does not work reliably.",
    fix: "Serve the intended robots meta tag in the server HTML.",
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.robots && {
            message: "Robots directives differ after rendering.",
            evidence: `${d.robots.raw.join(", ") || "(none)"} → ${d.robots.rendered.join(", ") || "(none)"}`,
          },
      ),
  },
  {
    id: "render-links-only-rendered",
    category: "javascript",
    severity: "warning",
    title: "Internal links that exist only after rendering",
    why: "Links created by JavaScript are found late (after rendering) or not at all by crawlers that do not render.",
    fix: "Render navigation and content links as <a href> in the server HTML.",
    run: (ctx) =>
      rendered(ctx, (d) =>
        d.linksOnlyRendered.length > 0
          ? {
              message: `${d.linksOnlyRendered.length} internal link(s) appear only after rendering.`,
              evidence: d.linksOnlyRendered.slice(0, 5).join(", "),
            }
          : null,
      ),
  },
  {
    id: "render-content-only-rendered",
    category: "javascript",
    severity: "warning",
    title: "Most content appears only after rendering",
    why: "Content injected by JavaScript is indexed later and less reliably than server-rendered text.",
    fix: "Server-render (or pre-render) the main content.",
    run: (ctx) =>
      rendered(ctx, ({ wordCount: w }) =>
        w.rendered >= w.raw * RENDER_GROWTH_FACTOR && w.rendered - w.raw >= RENDER_GROWTH_MIN_WORDS
          ? { message: `${w.raw} words in the raw HTML, ${w.rendered} after rendering.`, evidence: `${w.raw} → ${w.rendered} words` }
          : null,
      ),
  },
]);
