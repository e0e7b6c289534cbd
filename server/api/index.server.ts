import { Hono } from "hono";
import { AppError, errorText } from "../errors.server.ts";
import { errorBody, requestLanguage } from "../i18n/error-texts.server.ts";
import type { Services } from "../services.server.ts";
import { analyzerRoutes } from "./analyzer.server.ts";
import { auditRoutes } from "./audits.server.ts";
import { bestPagesRoutes } from "./best-pages.server.ts";
import { AUTH_INPUT, authApi } from "./auth.server.ts";
import { chatRoutes } from "./chat.server.ts";
import { commerceRoutes } from "./commerce.server.ts";
import { geoRoutes } from "./geo.server.ts";
import { insightsRoutes } from "./insights.server.ts";
import { mainRoutes } from "./main.server.ts";
import { managerRoutes } from "./manager.server.ts";
import { phoneRoutes } from "./phone.server.ts";
import { popupsRoutes } from "./popups.server.ts";
import { productRoutes } from "./product.server.ts";
import { projectRoutes } from "./project.server.ts";
import { sameOriginOnly } from "../http/origin.server.ts";
import { screenInput } from "../http/screen-input.server.ts";
import { authRoutes, openApiDocument, openApiReferenceHtml } from "./openapi.server.ts";
import { getAuth } from "../auth/auth.server.ts";
import { reportRoutes } from "./reports.server.ts";
import { rankRoutes } from "./rank.server.ts";
import { searchConsoleRoutes } from "./search-console.server.ts";
import { mountRoutes, type ApiRoute } from "./route.server.ts";
import { settingsRoutes } from "./settings.server.ts";
import { speedRoutes } from "./speed.server.ts";
import { supportRoutes } from "./support.server.ts";
import type { ApiEnv } from "./types.server.ts";

/**
 * Every declared /api route (better-auth's /api/auth/* aside), in matching order: fixed paths
 * before patterns (/main/get and /main/getmanager before /main/get{product}). The OpenAPI document
 * and the access matrix test read this list.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...mainRoutes,
  ...managerRoutes,
  ...productRoutes,
  ...settingsRoutes,
  ...projectRoutes,
  ...phoneRoutes,
  ...geoRoutes,
  ...supportRoutes,
  ...popupsRoutes,
  ...auditRoutes,
  ...analyzerRoutes,
  ...speedRoutes,
  ...bestPagesRoutes,
  ...insightsRoutes,
  ...chatRoutes,
  ...commerceRoutes,
  ...reportRoutes,
  ...rankRoutes,
  ...searchConsoleRoutes,
];

/** Hono path pattern of a route, matched against a request path to tell 404 from 405. */
const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, _n, re?: string) => (re ? `(${re.slice(1, -1)})` : "[^/]+"))}$`);
const patterns = API_ROUTES.map((r) => ({ method: r.method.toUpperCase(), re: patternOf(r.path), anyOrigin: r.origin === "any" }));

/** True when `method path` (path under /api or with the /api prefix) is a route declared with `origin: "any"`. */
export function isAnyOriginRoute(method: string, path: string): boolean {
  const p = path.replace(/^\/api(?=\/)/, "");
  return patterns.some((r) => r.anyOrigin && r.method === method.toUpperCase() && r.re.test(p));
}

/**
 * The JSON API mounted at /api. Handlers stay thin: validate, call a service, map errors.
 * Every error answers the one shape `{ error: { code, message, field? } }`; bad input is 4xx; an
 * unknown path is a JSON 404 and a known path with another method a JSON 405 with Allow.
 */
export function createApi(services: Services): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  api.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  api.use(
    sameOriginOnly({ origins: [services.env.PUBLIC_ORIGIN, ...services.env.OFFICIAL_ORIGINS], db: services.db, exempt: isAnyOriginRoute }),
  );
  api.use(screenInput(services.db));
  api.route("/auth", authApi());
  const doc = openApiDocument([...API_ROUTES, ...authRoutes(getAuth(services).api, AUTH_INPUT)], services.env.PUBLIC_ORIGIN);
  api.get("/openapi.json", (c) => c.json(doc));
  api.get("/reference", (c) => c.html(openApiReferenceHtml(doc)));
  mountRoutes(api, API_ROUTES);
  api.all("*", async (c) => {
    const path = c.req.path.replace(/^\/api/, "");
    const allowed = [...new Set(patterns.filter((p) => p.re.test(path)).map((p) => p.method))];
    const lang = requestLanguage(c.req.raw);
    if (allowed.length) {
      c.header("allow", allowed.join(", "));
      const err = new AppError("method_not_allowed", errorText(58026, { method: c.req.method, allowed: allowed.join(", ") }));
      return c.json(await errorBody(services.db, err, lang), 405);
    }
    const err = new AppError("not_found", errorText(58027, { method: c.req.method, path: c.req.path }));
    return c.json(await errorBody(services.db, err, lang), 404);
  });
  api.onError(async (err, c) => {
    const lang = requestLanguage(c.req.raw);
    if (err instanceof AppError) return c.json(await errorBody(services.db, err, lang), err.status as 400);
    services.log.error({ err, path: c.req.path, requestId: c.get("requestId") }, "unhandled API error");
    return c.json(await errorBody(services.db, new AppError("internal", errorText(58028)), lang), 500);
  });
  return api;
}
