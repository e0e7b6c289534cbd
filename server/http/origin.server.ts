/**
 * Cross-site request refusal (issue 9 finding 5): every state-changing request (anything but GET,
 * HEAD, OPTIONS) to /api or to a React Router action must come from our own pages. A browser tells
 * where a request comes from with `Sec-Fetch-Site` and `Origin`; a request carrying neither is not
 * a browser's (curl, a server) and cannot ride on a victim's cookie, so it passes.
 */
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { errorBody, requestLanguage } from "../i18n/error-texts.server.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Options of {@link sameOriginOnly}. */
export interface SameOriginOptions {
  /** Origins our pages are served from (PUBLIC_ORIGIN, OFFICIAL_ORIGINS), e.g. "https://rankforge.com". */
  origins: readonly string[];
  /** Database of the error texts: the refusal is written in the request's language (issue 15.1). */
  db: Database;
  /** True for a request that may come from anywhere (an /api route declared with `origin: "any"`). */
  exempt?: (method: string, path: string) => boolean;
}

/**
 * Why a state-changing request is refused, or null when it may proceed.
 * `Sec-Fetch-Site` other than "same-origin"/"none" is refused; else an `Origin` (including the
 * opaque "null") that is neither one of `origins` nor the request's own origin is refused.
 */
export function crossSiteReason(req: Request, origins: readonly string[]): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return `a ${site} request`;
  const origin = req.headers.get("origin");
  if (origin === null) return null;
  if (origins.includes(origin) || origin === new URL(req.url).origin) return null;
  return `Origin ${origin.slice(0, 100)}`;
}

/** Hono middleware answering 403 `{ error: { code: "forbidden", field: "origin" } }` to a cross-site state-changing request. */
export function sameOriginOnly(opts: SameOriginOptions): MiddlewareHandler {
  const origins = opts.origins.map((o) => new URL(o).origin);
  return async (c, next) => {
    const reason = crossSiteReason(c.req.raw, origins);
    if (reason && !opts.exempt?.(c.req.method, c.req.path)) {
      const err = new AppError("forbidden", errorText(58029, { reason }), "origin");
      return c.json(await errorBody(opts.db, err, requestLanguage(c.req.raw)), 403);
    }
    await next();
  };
}
