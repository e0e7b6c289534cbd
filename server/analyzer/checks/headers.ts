/** Security and caching response-header checks (beyond HSTS and nosniff in mobile-security.ts). */
import { defineChecks } from "./types.ts";
import { text } from "./texts.ts";

/** HSTS max-age below this (180 days, in seconds) is too short to protect returning visitors (Mozilla Observatory). */
export const HSTS_MIN_MAX_AGE_S = 15_552_000;

export const headerChecks = defineChecks([
  {
    id: "csp-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: text(60295),
    why: text(60296),
    fix: text(60297),
    run: (ctx) => !ctx.headers["content-security-policy"] && { message: text(60298) },
  },
  {
    id: "clickjacking-protection-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: text(60299),
    why: text(60300),
    fix: text(60301),
    run: (ctx) =>
      !ctx.headers["x-frame-options"] &&
      !/frame-ancestors/i.test(ctx.headers["content-security-policy"] ?? "") && {
        message: text(60302),
      },
  },
  {
    id: "hsts-short-max-age",
    category: "security",
    severity: "notice",
    scope: "response",
    title: text(60303),
    why: text(60304),
    fix: text(60305),
    run: (ctx) => {
      const hsts = ctx.headers["strict-transport-security"];
      if (ctx.pageUrl.protocol !== "https:" || !hsts) return null;
      const m = /max-age\s*=\s*"?(\d+)/i.exec(hsts);
      const age = m ? Number(m[1]) : 0;
      return age < HSTS_MIN_MAX_AGE_S && { message: text(60306, { seconds: age }), evidence: hsts };
    },
  },
  {
    id: "cache-headers-missing",
    category: "performance",
    severity: "notice",
    scope: "html",
    title: text(60307),
    why: text(60308),
    fix: text(60309),
    run: (ctx) =>
      !ctx.headers["cache-control"] &&
      !ctx.headers.expires &&
      !ctx.headers.etag &&
      !ctx.headers["last-modified"] && { message: text(60310) },
  },
]);
