/** Mobile (viewport) and security checks. */
import { defineChecks, sample } from "./types.ts";
import { text } from "./texts.ts";

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
    title: text(60226),
    why: text(60227),
    fix: text(60228),
    run: (ctx) => ctx.page.viewport === null && { message: text(60229) },
  },
  {
    id: "viewport-not-device-width",
    category: "mobile",
    severity: "notice",
    scope: "html",
    title: text(60230),
    why: text(60231),
    fix: text(60232),
    run: (ctx) =>
      ctx.page.viewport !== null &&
      parseViewport(ctx.page.viewport).width !== "device-width" && {
        message: text(60233),
        evidence: ctx.page.viewport,
      },
  },
  {
    id: "viewport-zoom-disabled",
    category: "mobile",
    severity: "notice",
    scope: "html",
    title: text(60234),
    why: text(60235, { minMaximumScale: MIN_MAXIMUM_SCALE }),
    fix: text(60236),
    run: (ctx) => {
      if (ctx.page.viewport === null) return null;
      const v = parseViewport(ctx.page.viewport);
      const noScale = v["user-scalable"] === "no" || v["user-scalable"] === "0";
      const max = v["maximum-scale"] !== undefined ? Number(v["maximum-scale"]) : Infinity;
      return (noScale || max < MIN_MAXIMUM_SCALE) && { message: text(60237), evidence: ctx.page.viewport };
    },
  },
  {
    id: "http-not-https",
    category: "security",
    severity: "warning",
    scope: "final",
    title: text(60238),
    why: text(60239),
    fix: text(60240),
    run: (ctx) => ctx.pageUrl.protocol === "http:" && { message: text(60241, { url: ctx.url }) },
  },
  {
    id: "mixed-content",
    category: "security",
    severity: "warning",
    scope: "html",
    title: text(60242),
    why: text(60243),
    fix: text(60244),
    run: (ctx) => {
      if (ctx.pageUrl.protocol !== "https:") return null;
      const bad = ctx.doc.subresources.map((r) => ctx.resolve(r.url)).filter((u): u is URL => u?.protocol === "http:");
      return bad.length > 0 && { message: text(60245, { count: bad.length }), evidence: sample(bad.map((u) => u.href)) };
    },
  },
  {
    id: "hsts-missing",
    category: "security",
    severity: "notice",
    scope: "response",
    title: text(60246),
    why: text(60247),
    fix: text(60248),
    run: (ctx) => ctx.pageUrl.protocol === "https:" && !ctx.headers["strict-transport-security"] && { message: text(60249) },
  },
  {
    id: "x-content-type-options-missing",
    category: "security",
    severity: "notice",
    scope: "html",
    title: text(60250),
    why: text(60251),
    fix: text(60252),
    run: (ctx) =>
      (ctx.headers["x-content-type-options"] ?? "").trim().toLowerCase() !== "nosniff" && {
        message: text(60253),
      },
  },
  {
    id: "form-posts-over-http",
    category: "security",
    severity: "warning",
    scope: "html",
    title: text(60254),
    why: text(60255),
    fix: text(60256),
    run: (ctx) => {
      const bad = ctx.doc.forms.map((f) => ({ f, u: ctx.resolve(f.action ?? "") })).filter(({ u }) => u?.protocol === "http:");
      return (
        bad.length > 0 && {
          message: text(60257, { count: bad.length }),
          evidence: sample(bad.map(({ f, u }) => `${f.method.toUpperCase()} ${u!.href}`)),
        }
      );
    },
  },
]);
