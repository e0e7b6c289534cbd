import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestInfoContext, servicesContext } from "./http/router-context.server.ts";
import { ownerFromHeaders, type Owner } from "./access/owner.server.ts";
import { createApi } from "./api/index.server.ts";
import { clientIp } from "./http/client-ip.server.ts";
import { sameOriginOnly } from "./http/origin.server.ts";
import { securityHeaders, type NonceVariables } from "./http/security-headers.server.ts";
import { screenInput } from "./http/screen-input.server.ts";
import { privateWhenSignedIn } from "./auth/private-pages.server.ts";
import { parseEnv, type Env } from "./env.server.ts";
import { visitorIdFromCookie } from "./http/visitor.server.ts";
import { projectRoot } from "./lib/paths.server.ts";
import { seoRoutes } from "./seo/routes.server.ts";
import { referralCookie } from "./commerce/referral.server.ts";
import { createServices, type Services } from "./services.server.ts";
import { createPageCache } from "./http/page-cache.server.ts";
import { contentVersion } from "./content/version.server.ts";

/** The assembled application: the Hono app and the services it owns. */
export interface RankforgeApp {
  app: Hono<{ Variables: { requestId: string } & NonceVariables }>;
  services: Services;
}

/**
 * Builds the one-process server (issue "Foundation" part 2): /healthz, /readyz, /api/* (Hono),
 * hashed static assets with immutable cache headers, and the React Router SSR handler for
 * everything else, anonymous pages from the page cache (issue 14). This file is the SSR build's entry (vite.config.ts), so the API and the
 * route loaders share one copy of every server module.
 */
export async function createApp(
  envSource: Record<string, string | undefined> = process.env,
  opts: { serveAssets?: boolean } = {},
): Promise<RankforgeApp> {
  const env: Env = parseEnv(envSource);
  const services = await createServices(env, { role: "web" });
  const mode = env.NODE_ENV === "development" ? "development" : "production";
  const handle = createRequestHandler(() => import("virtual:react-router/server-build") as Promise<ServerBuild>, mode);
  const app = new Hono<{ Variables: { requestId: string } & NonceVariables }>();

  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    services.log.info(
      {
        reqId: c.get("requestId"),
        method: c.req.method,
        path: c.req.path,
        ip: clientIp(c, env.TRUST_PROXY),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  // strict-origin-when-cross-origin, not Hono's no-referrer default: under no-referrer browsers send
  // `Origin: null` with form posts, which React Router's action origin check refuses (e.g. the
  // /unsubscribe button without JavaScript), and spec 3 tracking loses the referrer.
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      xFrameOptions: false,
      strictTransportSecurity: false,
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.use(securityHeaders(env));
  app.use(compress());
  app.use(referralCookie(services));
  // Pages and React Router actions; /api applies the same two rules itself (createApi).
  const notApi =
    (mw: MiddlewareHandler): MiddlewareHandler =>
    (c, next) =>
      c.req.path === "/api" || c.req.path.startsWith("/api/") ? next() : mw(c, next);
  app.use(notApi(sameOriginOnly({ origins: [env.PUBLIC_ORIGIN, ...env.OFFICIAL_ORIGINS], db: services.db })));
  app.use(notApi(screenInput(services.db)));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const database = await services.database.ping();
    const jobs = await services.jobs.getQueues().then(
      () => true,
      () => false,
    );
    return c.json({ status: database && jobs ? "ready" : "unavailable", database, jobs }, database && jobs ? 200 : 503);
  });
  app.route("/api", createApi(services));
  app.route("/", seoRoutes(services));

  if (opts.serveAssets !== false) {
    const root = path.relative(process.cwd(), path.join(projectRoot(), "build", "client"));
    // Hashed assets: the build wrote .br and .gz next to each (vite.config.ts precompress).
    app.use(
      "/assets/*",
      serveStatic({ root, precompressed: true, onFound: (_p, c) => void c.header("cache-control", "public, max-age=31536000, immutable") }),
    );
    app.use("*", serveStatic({ root, onFound: (_p, c) => void c.header("cache-control", "public, max-age=3600") }));
  }

  const pages = createPageCache();
  app.all("*", async (c) => {
    const key = pages.keyOf(c.req.raw);
    const cached = key === null ? undefined : pages.answer(key, c.req.raw);
    if (cached) {
      c.set("cspNonce", cached.nonce);
      return cached.response;
    }
    const version = contentVersion();
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const visitorId = await visitorIdFromCookie(c, services);
    const ip = clientIp(c, env.TRUST_PROXY);
    let owner: Promise<Owner> | undefined;
    // Reading a per-visitor fact makes the page personal: it is then never shared (page cache).
    let personal = false;
    context.set(requestInfoContext, {
      get visitorId() {
        personal = true;
        return visitorId;
      },
      requestId: c.get("requestId"),
      get ip() {
        personal = true;
        return ip;
      },
      nonce: c.get("cspNonce"),
      owner: () => {
        personal = true;
        return (owner ??= ownerFromHeaders(services, visitorId, c.req.raw.headers));
      },
    });
    const res = privateWhenSignedIn(c.req.raw, await handle(c.req.raw, context));
    return key === null ? res : pages.store(key, c.req.raw, res, { nonce: c.get("cspNonce"), personal, version });
  });
  return { app, services };
}
export { listen } from "./listen.server.ts";
