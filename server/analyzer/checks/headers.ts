/** Security and caching response-header checks (beyond HSTS and nosniff in mobile-security.ts). */
import { defineChecks } from "./types.ts";

/** HSTS max-age below this (180 days, in seconds) is too short to protect returning visitors (Mozilla Observatory). */
export const HSTS_MIN_MAX_AGE_S = 15_552_000;

export const headerChecks = defineChecks([
  {
    id: "csp-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: "No Content-Security-Policy header",
    why: "A Content-Security-Policy limits where scripts may come from, blunting cross-site scripting and injected ads.",
    fix: "Send a Content-Security-Policy header; start with a report-only policy and tighten it.",
    run: (ctx) => !ctx.headers["content-security-policy"] && { message: "The page has no Content-Security-Policy header." },
  },
  {
    id: "clickjacking-protection-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: "No clickjacking protection",
    why: "Without X-Frame-Options or CSP frame-ancestors any site can frame the page and trick visitors into clicks.",
    fix: "Send Content-Security-Policy: frame-ancestors 'self' (or X-Frame-Options: SAMEORIGIN).",
    run: (ctx) =>
      !ctx.headers["x-frame-options"] &&
      !/frame-ancestors/i.test(ctx.headers["content-security-policy"] ?? "") && {
        message: "Neither X-Frame-Options nor a CSP frame-ancestors directive is sent.",
      },
  },
  {
    id: "hsts-short-max-age",
    category: "security",
    severity: "notice",
    scope: "response",
    title: "HSTS max-age shorter than 180 days",
    why: "A short max-age lets the browser forget the HTTPS-only rule between visits, reopening downgrade attacks.",
    fix: "Use Strict-Transport-Security: max-age=31536000 (one year) or more.",
    run: (ctx) => {
      const hsts = ctx.headers["strict-transport-security"];
      if (ctx.pageUrl.protocol !== "https:" || !hsts) return null;
      const m = /max-age\s*=\s*"?(\d+)/i.exec(hsts);
      const age = m ? Number(m[1]) : 0;
      return age < HSTS_MIN_MAX_AGE_S && { message: `HSTS max-age is ${age} seconds.`, evidence: hsts };
    },
  },
  {
    id: "cache-headers-missing",
    category: "performance",
    severity: "notice",
    scope: "html",
    title: "No caching headers",
    why: "Without Cache-Control, Expires, ETag or Last-Modified, browsers and CDNs must download the page in full every time.",
    fix: "Send Cache-Control (for example max-age=300) and an ETag or Last-Modified so repeat visits revalidate cheaply.",
    run: (ctx) =>
      !ctx.headers["cache-control"] &&
      !ctx.headers.expires &&
      !ctx.headers.etag &&
      !ctx.headers["last-modified"] && { message: "The response has no Cache-Control, Expires, ETag or Last-Modified header." },
  },
]);
