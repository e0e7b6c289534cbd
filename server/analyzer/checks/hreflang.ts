/**
 * hreflang checks over `<link rel="alternate" hreflang>` in the head and `Link` header alternates.
 * Codes are validated case-insensitively as BCP 47 (see lang-code.server.ts).
 */
import { isValidHreflang } from "../lang-code.server.ts";
import { defineChecks, sample } from "./types.ts";

const isAbsolute = (href: string) => /^https?:\/\//i.test(href);
const withoutHash = (u: string) => u.replace(/#.*$/, "");

export const hreflangChecks = defineChecks([
  {
    id: "hreflang-invalid-code",
    category: "hreflang",
    severity: "error",
    scope: "html",
    title: "Invalid hreflang code",
    why: "Search engines ignore alternates with a code that is not a language (ISO 639-1) with an optional region (ISO 3166-1), or x-default.",
    fix: "Use codes like en, en-GB, pt-BR, zh-Hant or x-default (not en_US, en-UK or eng).",
    run: (ctx) => {
      const bad = ctx.hreflang.filter((h) => !isValidHreflang(h.lang));
      return bad.length > 0 && { message: `${bad.length} invalid hreflang code(s).`, evidence: sample(bad.map((h) => `"${h.lang}"`)) };
    },
  },
  {
    id: "hreflang-missing-self",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: "hreflang set without a self-reference",
    why: "Each language version must list itself among its alternates, or search engines may ignore the set.",
    fix: "Add an alternate whose href is this page's own URL with its language code.",
    run: (ctx) => {
      if (ctx.hreflang.length === 0) return null;
      const own = new Set([withoutHash(ctx.url), ...(ctx.page.canonical ? [withoutHash(ctx.page.canonical)] : [])]);
      const self = ctx.hreflang.some((h) => h.resolved !== null && own.has(withoutHash(h.resolved)));
      return !self && { message: "None of the hreflang alternates points to this page." };
    },
  },
  {
    id: "hreflang-missing-x-default",
    category: "hreflang",
    severity: "notice",
    scope: "html",
    title: "hreflang set without x-default",
    why: "x-default tells search engines which version to show users whose language is not listed.",
    fix: 'Add <link rel="alternate" hreflang="x-default" href="…"> pointing to the language chooser or main version.',
    run: (ctx) =>
      ctx.hreflang.length > 0 &&
      !ctx.hreflang.some((h) => h.lang.trim().toLowerCase() === "x-default") && { message: "No x-default alternate." },
  },
  {
    id: "hreflang-relative-url",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: "Relative hreflang URL",
    why: "Google requires fully-qualified URLs in hreflang alternates.",
    fix: "Write every alternate href as an absolute https:// URL.",
    run: (ctx) => {
      const rel = ctx.hreflang.filter((h) => !isAbsolute(h.href));
      return (
        rel.length > 0 && { message: `${rel.length} relative hreflang URL(s).`, evidence: sample(rel.map((h) => `${h.lang}: ${h.href}`)) }
      );
    },
  },
  {
    id: "hreflang-conflicting",
    category: "hreflang",
    severity: "warning",
    scope: "html",
    title: "Same hreflang code for different URLs",
    why: "With two URLs for one language, search engines cannot tell which to show.",
    fix: "Keep one URL per hreflang code.",
    run: (ctx) => {
      const byCode = new Map<string, Set<string>>();
      for (const h of ctx.hreflang) {
        const code = h.lang.trim().toLowerCase();
        const set = byCode.get(code) ?? new Set<string>();
        set.add(withoutHash(h.resolved ?? h.href));
        byCode.set(code, set);
      }
      const dup = [...byCode].filter(([, urls]) => urls.size > 1).map(([code]) => code);
      return dup.length > 0 && { message: `${dup.length} hreflang code(s) point to several URLs.`, evidence: sample(dup) };
    },
  },
]);
