import { Hono } from "hono";
import { AppError, type ErrorBody } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { geoApi } from "./geo.server.ts";
import { authApi } from "./auth.server.ts";
import { chatApi } from "./chat.server.ts";
import { productApi } from "./product.server.ts";
import { settingsApi } from "./settings.server.ts";
import { analyzerApi } from "./analyzer.server.ts";
import { crawlApi } from "./crawl.server.ts";
import { mainApi } from "./main.server.ts";
import { managerApi } from "./manager.server.ts";
import { phoneApi } from "./phone.server.ts";
import { popupsApi } from "./popups.server.ts";
import { pagespeedApi, projectApi } from "./project.server.ts";
import { supportApi } from "./support.server.ts";
import type { ApiEnv } from "./types.server.ts";

/**
 * The JSON API mounted at /api. Handlers stay thin: validate, call a service, map errors.
 * Every error answers the one shape `{ error: { code, message, field? } }`; bad input is 4xx.
 */
export function createApi(services: Services): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>();
  api.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  api.route("/auth", authApi());
  api.route("/main", mainApi());
  api.route("/main", managerApi());
  api.route("/main", productApi());
  api.route("/settings", settingsApi());
  api.route("/pagespeed", pagespeedApi());
  api.route("/project", projectApi());
  api.route("/phone", phoneApi());
  api.route("/geo", geoApi());
  api.route("/support", supportApi());
  api.route("/popups", popupsApi());
  api.route("/crawl", crawlApi());
  api.route("/analyzer", analyzerApi());
  api.route("/chat", chatApi());
  api.notFound((c) =>
    c.json({ error: { code: "not_found", message: `No API route ${c.req.method} ${c.req.path}` } } satisfies ErrorBody, 404),
  );
  api.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status as 400);
    services.log.error({ err, path: c.req.path, requestId: c.get("requestId") }, "unhandled API error");
    return c.json({ error: { code: "internal", message: "Internal error." } } satisfies ErrorBody, 500);
  });
  return api;
}
