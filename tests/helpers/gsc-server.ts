/**
 * A local Google OAuth token endpoint and Search Console API (issue 10 "Tests"; shapes from
 * ../shared/research/serp-gsc-psi.md §4): POST /token (authorization_code, refresh_token),
 * GET /webmasters/v3/sites, POST /webmasters/v3/sites/{site}/searchAnalytics/query with rowLimit /
 * startRow paging over `totalRows` generated rows; Google's error envelope on a wrong token or site.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** A running server, the query bodies it received, and a closer. */
export interface GscServer {
  origin: string;
  queries: { startRow: number; rowLimit: number; dimensions: string[] }[];
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const read = async (req: IncomingMessage) => {
  let s = "";
  for await (const c of req) s += String(c);
  return s;
};

/** Starts the server: code "good-code" gives refresh token "rt-1"; the account holds `site`. */
export async function startGscServer(opts: { site: string; totalRows: number }): Promise<GscServer> {
  const queries: GscServer["queries"] = [];
  const tokens = new Set<string>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "POST" && url.pathname === "/token") {
        const f = new URLSearchParams(await read(req));
        if (f.get("client_id") !== "client-1" || f.get("client_secret") !== "secret-1") return send(res, 401, { error: "invalid_client" });
        if (f.get("grant_type") === "authorization_code" && f.get("code") === "good-code") {
          tokens.add("at-1");
          return send(res, 200, {
            access_token: "at-1",
            refresh_token: "rt-1",
            expires_in: 3599,
            token_type: "Bearer",
            scope: "https://www.googleapis.com/auth/webmasters.readonly",
          });
        }
        if (f.get("grant_type") === "refresh_token" && f.get("refresh_token") === "rt-1") {
          tokens.add("at-2");
          return send(res, 200, { access_token: "at-2", expires_in: 3599, token_type: "Bearer" });
        }
        return send(res, 400, { error: "invalid_grant" });
      }
      const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!tokens.has(bearer))
        return send(res, 401, {
          error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
        });
      if (req.method === "GET" && url.pathname === "/webmasters/v3/sites")
        return send(res, 200, {
          siteEntry: [
            { siteUrl: opts.site, permissionLevel: "siteOwner" },
            { siteUrl: "https://other.example/", permissionLevel: "siteUnverifiedUser" },
          ],
        });
      const m = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname);
      if (req.method === "POST" && m) {
        const site = decodeURIComponent(m[1]!);
        if (site !== opts.site) {
          const message = `User does not have sufficient permission for site '${site}'. See also: https://support.google.com/webmasters/answer/2451999.`;
          return send(res, 403, {
            error: { code: 403, message, errors: [{ message, domain: "global", reason: "forbidden" }], status: "PERMISSION_DENIED" },
          });
        }
        const body = JSON.parse(await read(req)) as { startRow?: number; rowLimit?: number; dimensions: string[]; startDate: string };
        const startRow = body.startRow ?? 0;
        const rowLimit = body.rowLimit ?? 1000;
        queries.push({ startRow, rowLimit, dimensions: body.dimensions });
        const n = Math.max(0, Math.min(rowLimit, opts.totalRows - startRow));
        if (n === 0) return send(res, 200, { responseAggregationType: "byPage" });
        const rows = Array.from({ length: n }, (_, i) => {
          const k = startRow + i;
          const keys: Record<string, string> = {
            query: `query ${k}`,
            page: `https://ours.example/p${k % 50}`,
            date: body.startDate,
            device: k % 2 ? "MOBILE" : "DESKTOP",
            country: "usa",
          };
          return {
            keys: body.dimensions.map((d) => keys[d] ?? ""),
            clicks: k % 7,
            impressions: 10 + (k % 13),
            ctr: 0.1,
            position: 1 + (k % 30),
          };
        });
        return send(res, 200, { rows, responseAggregationType: "byPage" });
      }
      send(res, 404, { error: { code: 404, message: "Not found" } });
    })();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, queries, close: () => new Promise((r) => server.close(() => r())) };
}
