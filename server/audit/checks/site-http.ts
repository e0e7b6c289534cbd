/** Site-wide checks on responses: failed fetches, redirect loops and dead ends, broken or heavy resources. */
import type { AuditPage, AuditResource, IssueOccurrence } from "../model.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";

/** An image heavier than this (bytes, uncompressed) is oversized. */
export const IMAGE_MAX_BYTES = 200 * 1024;
/** A script or stylesheet heavier than this (bytes, uncompressed) is too large. */
export const RESOURCE_MAX_BYTES = 512 * 1024;
/** HTML plus every checked sub-resource of a page above this (bytes) is too heavy. */
export const PAGE_WEIGHT_MAX_BYTES = 3 * 1024 * 1024;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

const isBroken = (r: AuditResource) => (r.statusCode === null ? r.error !== undefined : r.statusCode >= 400);
const brokenText = (r: AuditResource) => (r.statusCode === null ? `fails (${r.error})` : `answers ${r.statusCode}`);

/** One occurrence per page that uses a resource matching `pick`. */
function perUsingPage(ctx: SiteContext, pick: (r: AuditResource) => string | null): IssueOccurrence[] {
  const out: IssueOccurrence[] = [];
  for (const r of ctx.input.resources) {
    if (r.kind === "external-link") continue;
    const message = pick(r);
    if (message === null) continue;
    for (const url of r.usedBy) out.push({ url, message, evidence: r.url });
  }
  return out;
}

/** True when the redirect hops revisit a URL (or the fetch reported a loop). */
function isLoop(p: AuditPage): boolean {
  if (p.fetchError && /loop/i.test(p.fetchError)) return true;
  const seen = new Set<string>();
  for (const hop of p.redirects) {
    if (seen.has(hop.url)) return true;
    seen.add(hop.url);
  }
  const last = p.redirects.at(-1);
  return last !== undefined && seen.has(last.location);
}

export const siteHttpChecks = defineSiteChecks([
  {
    id: "fetch-failed",
    category: "http",
    severity: "error",
    title: "Page could not be fetched",
    why: "A URL that times out or drops the connection is unreachable for visitors and search engines alike.",
    fix: "Check the server logs for this URL; fix timeouts, crashes or TLS/DNS problems.",
    run: (ctx) =>
      ctx.input.pages
        .filter((p) => p.statusCode === null && !p.robotsBlocked && p.fetchError !== undefined && !isLoop(p))
        .map((p) => ({ url: p.url, message: `The request failed: ${p.fetchError}.`, evidence: p.fetchError })),
  },
  {
    id: "redirect-loop",
    category: "redirects",
    severity: "error",
    title: "Redirect loop",
    why: "A loop never reaches a page: browsers show an error and search engines drop the URL.",
    fix: "Make the redirects end at a final 200 URL; check rules that add and remove slashes or www.",
    run: (ctx) =>
      ctx.input.pages.filter(isLoop).map((p) => ({
        url: p.url,
        message: "The redirects go round in a loop.",
        evidence: p.redirects.map((h) => `${h.url} → ${h.location}`).join(" | "),
      })),
  },
  {
    id: "redirect-to-error",
    category: "redirects",
    severity: "error",
    title: "Redirect to an error page",
    why: "The redirect sends visitors and link equity to a page that does not work.",
    fix: "Point the redirect at a working page, or fix the target.",
    run: (ctx) =>
      ctx.input.pages
        .filter((p) => p.redirects.length > 0 && p.statusCode !== null && p.statusCode >= 400)
        .map((p) => ({ url: p.url, message: `Redirects to ${p.finalUrl}, which answers ${p.statusCode}.`, evidence: p.finalUrl })),
  },
  {
    id: "resource-broken",
    category: "http",
    severity: "error",
    title: "Broken script, stylesheet or embedded resource",
    why: "A missing script or stylesheet breaks the page's layout or behaviour, for visitors and for Google's renderer.",
    fix: "Restore the file or update the reference.",
    run: (ctx) => perUsingPage(ctx, (r) => (r.kind !== "image" && isBroken(r) ? `${r.kind} ${r.url} ${brokenText(r)}.` : null)),
  },
  {
    id: "images-broken",
    category: "images",
    severity: "error",
    title: "Broken image",
    why: "Broken images look careless and cannot appear in image search.",
    fix: "Restore the image file or fix the src.",
    run: (ctx) => perUsingPage(ctx, (r) => (r.kind === "image" && isBroken(r) ? `Image ${r.url} ${brokenText(r)}.` : null)),
  },
  {
    id: "images-oversized",
    category: "images",
    severity: "warning",
    title: `Image larger than ${kb(IMAGE_MAX_BYTES)}`,
    why: "Heavy images are the most common cause of slow pages (Largest Contentful Paint) on phones.",
    fix: "Resize to the displayed size, compress, and serve WebP or AVIF.",
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        r.kind === "image" && r.bytes !== null && r.bytes > IMAGE_MAX_BYTES ? `Image ${r.url} weighs ${kb(r.bytes)}.` : null,
      ),
  },
  {
    id: "resource-too-large",
    category: "performance",
    severity: "notice",
    title: `Script or stylesheet larger than ${kb(RESOURCE_MAX_BYTES)}`,
    why: "Large scripts and stylesheets take long to download, parse and execute, delaying interactivity.",
    fix: "Split the bundle, remove unused code, and minify.",
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        (r.kind === "script" || r.kind === "stylesheet") && r.bytes !== null && r.bytes > RESOURCE_MAX_BYTES
          ? `${r.kind} ${r.url} weighs ${kb(r.bytes)}.`
          : null,
      ),
  },
  {
    id: "page-weight-too-large",
    category: "performance",
    severity: "warning",
    title: `Page weight over ${kb(PAGE_WEIGHT_MAX_BYTES)}`,
    why: "Heavy pages load slowly on mobile networks and cost visitors data (Lighthouse: avoid enormous network payloads).",
    fix: "Compress images, drop unused scripts and fonts, and lazy-load below-the-fold media.",
    run: (ctx) => {
      if (!ctx.input.settings.resourcesChecked) return [];
      const weight = new Map<string, number>();
      for (const p of ctx.htmlPages) weight.set(p.url, p.bytes.body);
      for (const r of ctx.input.resources) {
        if (r.kind === "external-link" || r.bytes === null) continue;
        for (const url of r.usedBy) if (weight.has(url)) weight.set(url, weight.get(url)! + r.bytes);
      }
      return [...weight]
        .filter(([, w]) => w > PAGE_WEIGHT_MAX_BYTES)
        .map(([url, w]) => ({ url, message: `HTML and resources weigh ${kb(w)}.`, evidence: kb(w) }));
    },
  },
]);
