/** Site-wide checks on responses: failed fetches, redirect loops and dead ends, broken or heavy resources. */
import type { TextRef } from "../../../common/i18n/message.ts";
import type { AuditPage, AuditResource, IssueOccurrence } from "../model.ts";
import { defineSiteChecks, type SiteContext } from "./types.ts";
import { text } from "../../analyzer/checks/texts.ts";

/** An image heavier than this (bytes, uncompressed) is oversized. */
export const IMAGE_MAX_BYTES = 200 * 1024;
/** A script or stylesheet heavier than this (bytes, uncompressed) is too large. */
export const RESOURCE_MAX_BYTES = 512 * 1024;
/** HTML plus every checked sub-resource of a page above this (bytes) is too heavy. */
export const PAGE_WEIGHT_MAX_BYTES = 3 * 1024 * 1024;

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

const isBroken = (r: AuditResource) => (r.statusCode === null ? r.error !== undefined : r.statusCode >= 400);

/** One occurrence per page that uses a resource matching `pick`. */
function perUsingPage(ctx: SiteContext, pick: (r: AuditResource) => TextRef | null): IssueOccurrence[] {
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
    title: text(60391),
    why: text(60392),
    fix: text(60393),
    run: (ctx) =>
      ctx.input.pages
        .filter((p) => p.statusCode === null && !p.robotsBlocked && p.fetchError !== undefined && !isLoop(p))
        .map((p) => ({ url: p.url, message: text(60394, { fetchError: p.fetchError! }), evidence: p.fetchError })),
  },
  {
    id: "redirect-loop",
    category: "redirects",
    severity: "error",
    title: text(60395),
    why: text(60396),
    fix: text(60397),
    run: (ctx) =>
      ctx.input.pages.filter(isLoop).map((p) => ({
        url: p.url,
        message: text(60398),
        evidence: p.redirects.map((h) => `${h.url} → ${h.location}`).join(" | "),
      })),
  },
  {
    id: "redirect-to-error",
    category: "redirects",
    severity: "error",
    title: text(60400),
    why: text(60401),
    fix: text(60402),
    run: (ctx) =>
      ctx.input.pages
        .filter((p) => p.redirects.length > 0 && p.statusCode !== null && p.statusCode >= 400)
        .map((p) => ({ url: p.url, message: text(60403, { finalUrl: p.finalUrl, statusCode: p.statusCode! }), evidence: p.finalUrl })),
  },
  {
    id: "resource-broken",
    category: "http",
    severity: "error",
    title: text(60404),
    why: text(60405),
    fix: text(60406),
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        r.kind !== "image" && isBroken(r)
          ? r.statusCode === null
            ? text(60625, { kind: r.kind, url: r.url, error: r.error! })
            : text(60407, { kind: r.kind, url: r.url, statusCode: r.statusCode })
          : null,
      ),
  },
  {
    id: "images-broken",
    category: "images",
    severity: "error",
    title: text(60408),
    why: text(60409),
    fix: text(60410),
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        r.kind === "image" && isBroken(r)
          ? r.statusCode === null
            ? text(60626, { url: r.url, error: r.error! })
            : text(60411, { url: r.url, statusCode: r.statusCode })
          : null,
      ),
  },
  {
    id: "images-oversized",
    category: "images",
    severity: "warning",
    title: text(60412, { size: kb(IMAGE_MAX_BYTES) }),
    why: text(60413),
    fix: text(60414),
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        r.kind === "image" && r.bytes !== null && r.bytes > IMAGE_MAX_BYTES ? text(60415, { url: r.url, size: kb(r.bytes) }) : null,
      ),
  },
  {
    id: "resource-too-large",
    category: "performance",
    severity: "notice",
    title: text(60416, { size: kb(RESOURCE_MAX_BYTES) }),
    why: text(60417),
    fix: text(60418),
    run: (ctx) =>
      perUsingPage(ctx, (r) =>
        (r.kind === "script" || r.kind === "stylesheet") && r.bytes !== null && r.bytes > RESOURCE_MAX_BYTES
          ? text(60419, { kind: r.kind, url: r.url, size: kb(r.bytes) })
          : null,
      ),
  },
  {
    id: "page-weight-too-large",
    category: "performance",
    severity: "warning",
    title: text(60420, { size: kb(PAGE_WEIGHT_MAX_BYTES) }),
    why: text(60421),
    fix: text(60422),
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
        .map(([url, w]) => ({ url, message: text(60423, { size: kb(w) }), evidence: kb(w) }));
    },
  },
]);
