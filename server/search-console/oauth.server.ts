/**
 * Search Console through Google OAuth (issue 10 point 4): the web flow (consent URL with a signed
 * state naming project and owner, code exchange at GSC_TOKEN_URL), the refresh token stored
 * AES-256-GCM encrypted, the property list (sites.list), and the import of searchAnalytics.query
 * by day with dimensions query, page, date, device, country, paged with rowLimit 25,000 and
 * startRow until a short page. Endpoints come from configuration, so tests use local servers.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { searchConsoleProperties, searchConsoleRows } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

/** Rows asked per searchAnalytics.query call (the API's maximum). */
export const ROW_LIMIT = 25_000;
const SCOPE = "https://www.googleapis.com/auth/webmasters.readonly";
const STATE_TTL_MS = 15 * 60_000;

const key = (services: Services) => createHash("sha256").update(`${services.cookieSecret}:search-console`).digest();

/** Encrypts a refresh token: base64(iv | tag | ciphertext). */
export function encryptToken(services: Services, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(services), iv);
  const data = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
}

/** Decrypts {@link encryptToken}'s output. @throws Error when it was tampered with. */
export function decryptToken(services: Services, sealed: string): string {
  const raw = Buffer.from(sealed, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(services), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

const redirectUri = (services: Services) => new URL("/api/search-console/callback", services.env.PUBLIC_ORIGIN).toString();

function configured(services: Services): { id: string; secret: string } {
  const { GSC_CLIENT_ID: id, GSC_CLIENT_SECRET: secret } = services.env;
  if (!id || !secret) throw new AppError("bad_request", errorText(58100));
  return { id, secret };
}

/** The consent URL for a project the owner may change. @throws AppError not_found (idp), bad_request when not configured. */
export async function consentUrl(opts: { services: Services; owner: Owner; projectId: number; now?: number }): Promise<string> {
  const { services, projectId } = opts;
  const client = configured(services);
  await authorize({ db: services.db, owner: opts.owner, resource: "project", id: projectId, action: "change", field: "idp" });
  const payload = Buffer.from(
    JSON.stringify({ p: projectId, u: opts.owner.userId, v: opts.owner.visitorId, e: (opts.now ?? Date.now()) + STATE_TTL_MS }),
  ).toString("base64url");
  const state = `${payload}.${createHmac("sha256", services.cookieSecret).update(payload).digest("base64url")}`;
  const url = new URL(services.env.GSC_AUTH_URL);
  for (const [k, v] of Object.entries({
    client_id: client.id,
    redirect_uri: redirectUri(services),
    response_type: "code",
    scope: SCOPE,
    access_type: "offline",
    prompt: "consent",
    state,
  }))
    url.searchParams.set(k, v);
  return url.toString();
}

/** The project and owner a state names. @throws AppError validation (state) when forged or expired. */
export function readState(services: Services, state: string, now = Date.now()): { projectId: number; owner: Owner } {
  const [payload = "", sig = ""] = state.split(".");
  const want = createHmac("sha256", services.cookieSecret).update(payload).digest();
  const got = Buffer.from(sig, "base64url");
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw new AppError("validation", errorText(58101), "state");
  const s = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { p: number; u: number | null; v: string | null; e: number };
  if (s.e < now) throw new AppError("validation", errorText(58102), "state");
  return { projectId: s.p, owner: { userId: s.u, visitorId: s.v } };
}

async function tokenCall(services: Services, form: Record<string, string>): Promise<{ access_token: string; refresh_token?: string }> {
  const res = await fetch(services.env.GSC_TOKEN_URL, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; error?: string };
  if (!res.ok || !body.access_token) throw new AppError("unreachable", errorText(58158, { reason: String(body.error ?? res.status) }));
  return body as { access_token: string; refresh_token?: string };
}

/**
 * Finishes the web flow: exchanges the code, stores the encrypted refresh token on the project
 * (the property is chosen next, from {@link listSites}). @returns the project id.
 */
export async function handleCallback(opts: { services: Services; code: string; state: string }): Promise<number> {
  const { services } = opts;
  const client = configured(services);
  const { projectId, owner } = readState(services, opts.state);
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "change", field: "idp" });
  const tokens = await tokenCall(services, {
    grant_type: "authorization_code",
    code: opts.code,
    client_id: client.id,
    client_secret: client.secret,
    redirect_uri: redirectUri(services),
  });
  if (!tokens.refresh_token) throw new AppError("unreachable", errorText(58103));
  const refreshTokenEncrypted = encryptToken(services, tokens.refresh_token);
  await services.db
    .insert(searchConsoleProperties)
    .values({ projectId, siteUrl: "", source: "oauth", refreshTokenEncrypted })
    .onConflictDoUpdate({ target: searchConsoleProperties.projectId, set: { source: "oauth", refreshTokenEncrypted, lastError: null } });
  return projectId;
}

async function accessToken(services: Services, projectId: number): Promise<{ token: string; siteUrl: string }> {
  const client = configured(services);
  const [p] = await services.db.select().from(searchConsoleProperties).where(eq(searchConsoleProperties.projectId, projectId));
  if (!p?.refreshTokenEncrypted) throw new AppError("not_found", errorText(58104), "idp");
  const t = await tokenCall(services, {
    grant_type: "refresh_token",
    refresh_token: decryptToken(services, p.refreshTokenEncrypted),
    client_id: client.id,
    client_secret: client.secret,
  });
  return { token: t.access_token, siteUrl: p.siteUrl };
}

/** The properties the connected account can read (siteUnverifiedUser left out). @throws AppError not_found (idp). */
export async function listSites(opts: {
  services: Services;
  owner: Owner;
  projectId: number;
}): Promise<{ siteUrl: string; permissionLevel: string }[]> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "project", id: opts.projectId, action: "read", field: "idp" });
  const { token } = await accessToken(opts.services, opts.projectId);
  const res = await fetch(new URL("/webmasters/v3/sites", opts.services.env.GSC_API_URL), {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new AppError("unreachable", errorText(58159, { status: res.status }));
  const body = (await res.json()) as { siteEntry?: { siteUrl: string; permissionLevel: string }[] };
  return (body.siteEntry ?? []).filter((s) => s.permissionLevel !== "siteUnverifiedUser");
}

/** Chooses the project's property. @throws AppError not_found (idp), validation (siteUrl) when the account cannot read it. */
export async function chooseSite(opts: { services: Services; owner: Owner; projectId: number; siteUrl: string }): Promise<void> {
  const sites = await listSites(opts);
  if (!sites.some((s) => s.siteUrl === opts.siteUrl)) throw new AppError("validation", errorText(58105), "siteUrl");
  await opts.services.db
    .update(searchConsoleProperties)
    .set({ siteUrl: opts.siteUrl })
    .where(eq(searchConsoleProperties.projectId, opts.projectId));
}

/** fetch, once more after a network failure (a kept-alive connection the server closed meanwhile). */
async function fetchRetry(url: URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  }
}

/**
 * Imports searchAnalytics.query rows of `from`…`to` (yyyy-mm-dd, inclusive) for a connected
 * project with a chosen property (a job, no owner: the project's own connection). Pages through
 * startRow until fewer than ROW_LIMIT rows come back. @returns rows stored and API calls made.
 */
export async function importSearchAnalytics(opts: {
  services: Services;
  projectId: number;
  from: string;
  to: string;
}): Promise<{ rows: number; calls: number }> {
  const { services, projectId } = opts;
  const { token, siteUrl } = await accessToken(services, projectId);
  if (!siteUrl) throw new AppError("validation", errorText(58106), "siteUrl");
  const url = new URL(`/webmasters/v3/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`, services.env.GSC_API_URL);
  let rows = 0;
  let calls = 0;
  try {
    for (let startRow = 0; ; startRow += ROW_LIMIT) {
      calls++;
      const res = await fetchRetry(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          startDate: opts.from,
          endDate: opts.to,
          dimensions: ["query", "page", "date", "device", "country"],
          rowLimit: ROW_LIMIT,
          startRow,
          dataState: "all",
        }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = (await res.json().catch(() => ({}))) as {
        rows?: { keys: string[]; clicks: number; impressions: number; position: number }[];
        error?: { message?: string };
      };
      if (!res.ok) throw new AppError("unreachable", errorText(58160, { status: res.status, reason: body.error?.message ?? "" }));
      const page = body.rows ?? [];
      for (let i = 0; i < page.length; i += 1000) {
        const values = page.slice(i, i + 1000).map((r) => ({
          projectId,
          query: r.keys[0] ?? "",
          page: r.keys[1] ?? "",
          date: r.keys[2] ?? opts.to,
          device: r.keys[3] ?? "",
          country: r.keys[4] ?? "",
          clicks: Math.round(r.clicks),
          impressions: Math.round(r.impressions),
          position: r.position,
        }));
        await services.db
          .insert(searchConsoleRows)
          .values(values)
          .onConflictDoUpdate({
            target: [
              searchConsoleRows.projectId,
              searchConsoleRows.date,
              searchConsoleRows.query,
              searchConsoleRows.page,
              searchConsoleRows.device,
              searchConsoleRows.country,
            ],
            set: { clicks: sql`excluded.clicks`, impressions: sql`excluded.impressions`, position: sql`excluded.position` },
          });
      }
      rows += page.length;
      if (page.length < ROW_LIMIT) break;
    }
    await services.db
      .update(searchConsoleProperties)
      .set({ lastImportAt: new Date(), lastError: null })
      .where(eq(searchConsoleProperties.projectId, projectId));
  } catch (err) {
    await services.db
      .update(searchConsoleProperties)
      .set({ lastError: err instanceof Error ? err.message : String(err) })
      .where(eq(searchConsoleProperties.projectId, projectId));
    throw err;
  }
  return { rows, calls };
}
