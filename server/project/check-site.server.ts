import { inArray } from "drizzle-orm";
import { registrableDomain } from "../net/domain.server.ts";
import { bannedDomains } from "../db/schema.server.ts";
import { guardedFetch, SsrfError } from "../net/ssrf.server.ts";
import type { Services } from "../services.server.ts";
import { filterUrl } from "./filter-url.server.ts";

/** Outcome of check_site (spec 7): reachable, banned (popup type 4, spec 4) or unreachable. */
export type CheckSiteResult = "reachable" | "banned" | "unreachable";

/** Answer of POST /api/project/check_site. `page` is the final URL after redirects when reachable. */
export interface CheckSiteAnswer {
  result: CheckSiteResult;
  page: string;
  domain: string;
  statusCode?: number;
  reason?: string;
}

/** True when the host or its registrable domain is in the banned list. */
export async function isBanned(services: Services, host: string): Promise<boolean> {
  const candidates = [...new Set([host, host.replace(/^www\./, ""), registrableDomain(host) ?? host])];
  const rows = await services.db.select({ d: bannedDomains.domain }).from(bannedDomains).where(inArray(bannedDomains.domain, candidates));
  return rows.length > 0;
}

/** True when the typed address names its scheme (spec 5 accepts http, https, ftp or none). */
const hasScheme = (typed: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(typed.trim());

/**
 * Checks that a site may be added: the address is valid (spec 5), the domain is not banned and the
 * page answers over HTTP through the SSRF guard. With no scheme typed, https is tried first and
 * http when https does not answer (issue 8.7); a typed port is kept (`domain` is host:port).
 * @throws AppError "validation" for an invalid address (field "domain" or "pagelink").
 */
export async function checkSite(services: Services, input: { domain: string; pagelink?: string | undefined }): Promise<CheckSiteAnswer> {
  const allowLoopback = services.env.ALLOW_PRIVATE_NETWORKS;
  const usePage = !!input.pagelink?.trim();
  const typed = usePage ? input.pagelink! : input.domain;
  const target = filterUrl(typed, { allowLoopback, field: usePage ? "pagelink" : "domain" });
  const url = new URL(target.url);
  const domain = url.host;
  if (await isBanned(services, url.hostname)) return { result: "banned", page: target.url, domain };
  const candidates = hasScheme(typed) ? [target.url] : [target.url, target.url.replace(/^https:/, "http:")];
  let reason = "network";
  for (const candidate of candidates) {
    try {
      const res = await guardedFetch(candidate, { allowPrivate: allowLoopback, timeoutMs: 10_000, maxBytes: 64 * 1024 });
      return { result: "reachable", page: res.finalUrl, domain, statusCode: res.statusCode };
    } catch (err) {
      reason = err instanceof SsrfError ? err.code : "network";
      if (reason === "blocked" || reason === "dns") break;
    }
  }
  services.log.info({ host: domain, reason }, "check_site: unreachable");
  return { result: "unreachable", page: target.url, domain, reason };
}
