/**
 * hreflang checks over `<link rel="alternate" hreflang>` in the head and `Link` header alternates.
 * Codes are validated case-insensitively as BCP 47 (see lang-code.server.ts).
 */
import { isValidHreflang } from "../lang-code.server.ts";
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

const isAbsolute = (href: string) => /^https?:\/\//i.test(href);
const withoutHash = (u: string) => u.replace(/#.*$/, "");

export const hreflangChecks = defineChecks([
  {
    id: "hreflang-invalid-code",
    category: "hreflang",
    severity: "error",
    scope: "html",
    title: text(60180),
    why: text(60181),
    fix: text(60182),
    run: (ctx) => {
      const bad = ctx.hreflang.filter((h) => !isValidHreflang(h.lang));
      return bad.length > 0 && { message: text(60183, { count: bad.length }), evidence: sample(bad.map((h) => `"${h.lang}"`)) };
    },
  },
  {
    id: "hreflang-missing-self",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: text(60184),
    why: text(60185),
    fix: text(60186),
    run: (ctx) => {
      if (ctx.hreflang.length === 0) return null;
      const own = new Set([withoutHash(ctx.url), ...(ctx.page.canonical ? [withoutHash(ctx.page.canonical)] : [])]);
      const self = ctx.hreflang.some((h) => h.resolved !== null && own.has(withoutHash(h.resolved)));
      return !self && { message: text(60187) };
    },
  },
  {
    id: "hreflang-missing-x-default",
    category: "hreflang",
    severity: "notice",
    scope: "html",
    title: text(60188),
    why: text(60189),
    fix: text(60190),
    run: (ctx) =>
      ctx.hreflang.length > 0 && !ctx.hreflang.some((h) => h.lang.trim().toLowerCase() === "x-default") && { message: text(60191) },
  },
  {
    id: "hreflang-relative-url",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: text(60192),
    why: text(60193),
    fix: text(60194),
    run: (ctx) => {
      const rel = ctx.hreflang.filter((h) => !isAbsolute(h.href));
      return rel.length > 0 && { message: text(60195, { count: rel.length }), evidence: sample(rel.map((h) => `${h.lang}: ${h.href}`)) };
    },
  },
  {
    id: "hreflang-conflicting",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: text(60197),
    why: text(60198),
    fix: text(60199),
    run: (ctx) => {
      const byCode = new Map<string, Set<string>>();
      for (const h of ctx.hreflang) {
        const code = h.lang.trim().toLowerCase();
        const set = byCode.get(code) ?? new Set<string>();
        set.add(withoutHash(h.resolved ?? h.href));
        byCode.set(code, set);
      }
      const dup = [...byCode].filter(([, urls]) => urls.size > 1).map(([code]) => code);
      return dup.length > 0 && { message: text(60200, { count: dup.length }), evidence: sample(dup) };
    },
  },
]);
