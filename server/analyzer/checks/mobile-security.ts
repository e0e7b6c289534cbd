/** Mobile (viewport) and security checks. */
import { defineChecks, sample } from "./types.ts";

/** Lighthouse fails pages whose viewport caps zoom below this maximum-scale. */
export const MIN_MAXIMUM_SCALE = 5;

/** Parses a viewport content ("width=device-width, initial-scale=1") into lower-case key/values. */
export function parseViewport(content: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of content.split(/[,;]/)) {
    const [k, v] = part.split("=").map((s) => s.trim().toLowerCase());
    if (k) out[k] = v ?? "";
  }
  return out;
}

export const mobileSecurityChecks = defineChecks([
  {
    id: "viewport-missing",
    category: "mobile",
    severity: "warning",
    scope: "html",
    title: "No viewport meta tag",
    why: "Without a viewport, phones render the desktop layout zoomed out; Google indexes mobile-first.",
    fix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
    run: (ctx) => ctx.page.viewport === null && { message: 'There is no <meta name="viewport">.' },
  },
  {
    id: "viewport-not-device-width",
    category: "mobile",
    severity: "notice",
    scope: "html",
    title: "Viewport does not use width=device-width",
    why: "A fixed viewport width does not adapt to the screen, so text and tap targets end up too small.",
    fix: "Use width=device-width in the viewport content.",
    run: (ctx) =>
      ctx.page.viewport !== null &&
      parseViewport(ctx.page.viewport).width !== "device-width" && {
        message: "The viewport width is not device-width.",
        evidence: ctx.page.viewport,
      },
  },
  {
    id: "viewport-zoom-disabled",
    category: "mobile",
    severity: "notice",
    scope: "html",
    title: "Viewport disables zooming",
    why: `user-scalable=no or maximum-scale below ${MIN_MAXIMUM_SCALE} stops users with low vision from zooming.`,
    fix: "Remove user-scalable=no and maximum-scale from the viewport.",
    run: (ctx) => {
      if (ctx.page.viewport === null) return null;
      const v = parseViewport(ctx.page.viewport);
      const noScale = v["user-scalable"] === "no" || v["user-scalable"] === "0";
      const max = v["maximum-scale"] !== undefined ? Number(v["maximum-scale"]) : Infinity;
      return (noScale || max < MIN_MAXIMUM_SCALE) && { message: "Zooming is restricted.", evidence: ctx.page.viewport };
    },
  },
  {
    id: "http-not-https",
    category: "security",
    severity: "warning",
    scope: "final",
    title: "Page is served over plain HTTP",
    why: "HTTPS is a ranking signal, and browsers mark HTTP pages as not secure.",
    fix: "Serve the site over HTTPS and redirect every http:// URL to it with a 301.",
    run: (ctx) => ctx.pageUrl.protocol === "http:" && { message: `The final URL ${ctx.url} is not HTTPS.` },
  },
  {
    id: "mixed-content",
    category: "security",
    severity: "warning",
    scope: "html",
    title: "Mixed content (HTTP resources on an HTTPS page)",
    why: "Browsers block or flag insecure scripts, styles and images on HTTPS pages, breaking the page or its padlock.",
    fix: "Load every resource over https:// (or a relative URL).",
    run: (ctx) => {
      if (ctx.pageUrl.protocol !== "https:") return null;
      const bad = ctx.doc.subresources.map((r) => ctx.resolve(r.url)).filter((u): u is URL => u?.protocol === "http:");
      return bad.length > 0 && { message: `${bad.length} resource(s) loaded over HTTP.`, evidence: sample(bad.map((u) => u.href)) };
    },
  },
  {
    id: "hsts-missing",
    category: "security",
    severity: "notice",
    scope: "response",
    title: "No Strict-Transport-Security header",
    why: "Without HSTS the first visit can be downgraded to HTTP by an attacker.",
    fix: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains on HTTPS responses.",
    run: (ctx) =>
      ctx.pageUrl.protocol === "https:" &&
      !ctx.headers["strict-transport-security"] && { message: "The HTTPS response has no HSTS header." },
  },
  {
    id: "x-content-type-options-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: "No X-Content-Type-Options: nosniff",
    why: "Without nosniff, browsers may guess content types, which enables some injection attacks.",
    fix: "Send X-Content-Type-Options: nosniff on every response.",
    run: (ctx) =>
      (ctx.headers["x-content-type-options"] ?? "").trim().toLowerCase() !== "nosniff" && {
        message: "The header is missing or not 'nosniff'.",
      },
  },
  {
    id: "form-posts-over-http",
    category: "security",
    severity: "warning",
    scope: "html",
    title: "Form submits over HTTP",
    why: "Whatever the user types is sent unencrypted, and browsers warn on such forms.",
    fix: "Make the form action an https:// URL (and serve the page over HTTPS).",
    run: (ctx) => {
      const bad = ctx.doc.forms.map((f) => ({ f, u: ctx.resolve(f.action ?? "") })).filter(({ u }) => u?.protocol === "http:");
      return (
        bad.length > 0 && {
          message: `${bad.length} form(s) submit to an http:// URL.`,
          evidence: sample(bad.map(({ f, u }) => `${f.method.toUpperCase()} ${u!.href}`)),
        }
      );
    },
  },
]);
