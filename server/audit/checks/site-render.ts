/** JavaScript rendering: what changes between the raw HTML and the page after Chromium ran its scripts. */
import type { AuditPage, IssueOccurrence, RenderDiff } from "../model.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

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

/** No value, in evidence (a sign, not a word: evidence is shown as it is in every language). */
const NONE = "—";
/** A value as found, quoted; {@link NONE} for none. */
const show = (v: string | null) => (v === null ? NONE : `"${v}"`);

export const siteRenderChecks = defineSiteChecks([
  {
    id: "render-title-changed",
    category: "javascript",
    severity: "warning",
    title: text(60594),
    why: text(60595),
    fix: text(60596),
    run: (ctx) => rendered(ctx, (d) => d.title && { message: text(60597), evidence: `${show(d.title.raw)} → ${show(d.title.rendered)}` }),
  },
  {
    id: "render-description-changed",
    category: "javascript",
    severity: "notice",
    title: text(60598),
    why: text(60599),
    fix: text(60600),
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.metaDescription && {
            message: text(60601),
            evidence: `${show(d.metaDescription.raw)} → ${show(d.metaDescription.rendered)}`,
          },
      ),
  },
  {
    id: "render-canonical-changed",
    category: "javascript",
    severity: "error",
    title: text(60602),
    why: text(60603),
    fix: text(60604),
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.canonical && {
            message: text(60605),
            evidence: `${show(d.canonical.raw)} → ${show(d.canonical.rendered)}`,
          },
      ),
  },
  {
    id: "render-robots-changed",
    category: "javascript",
    severity: "error",
    title: text(60606),
    why: text(60607),
    fix: text(60608),
    run: (ctx) =>
      rendered(
        ctx,
        (d) =>
          d.robots && {
            message: text(60609),
            evidence: `${d.robots.raw.join(", ") || NONE} → ${d.robots.rendered.join(", ") || NONE}`,
          },
      ),
  },
  {
    id: "render-links-only-rendered",
    category: "javascript",
    severity: "warning",
    title: text(60610),
    why: text(60611),
    fix: text(60612),
    run: (ctx) =>
      rendered(ctx, (d) =>
        d.linksOnlyRendered.length > 0
          ? {
              message: text(60613, { count: d.linksOnlyRendered.length }),
              evidence: d.linksOnlyRendered.slice(0, 5).join(", "),
            }
          : null,
      ),
  },
  {
    id: "render-content-only-rendered",
    category: "javascript",
    severity: "warning",
    title: text(60614),
    why: text(60615),
    fix: text(60616),
    run: (ctx) =>
      rendered(ctx, ({ wordCount: w }) =>
        w.rendered >= w.raw * RENDER_GROWTH_FACTOR && w.rendered - w.raw >= RENDER_GROWTH_MIN_WORDS
          ? { message: text(60617, { raw: w.raw, rendered: w.rendered }), evidence: text(60639, { raw: w.raw, rendered: w.rendered }) }
          : null,
      ),
  },
]);
