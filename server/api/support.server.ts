import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { TRACKING_GET_COOKIE } from "../../app/lib/tracking.ts";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { clientIp } from "../geo/client-ip.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { rateLimit } from "../rate-limit/rate-limit.server.ts";
import { blockRequestSchema } from "../requests/payload.server.ts";
import { sendRequest } from "../requests/send-request.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** Routes under /api/support (spec 7). */
export function supportApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  /**
   * POST /api/support/blockrequest: the spec 3 request payload and tracking info (top-level
   * href/referrer/get/ref or a `tracking` object; `get` falls back to the saved cookie).
   * Answers `{ result: "ok", data: { id }, newu }`; 422 names the first invalid field; 429 when
   * the address sent too many requests.
   */
  app.post("/blockrequest", async (c) => {
    const services = c.get("services");
    const raw = await readInput(c);
    const tracking = { href: raw.href, referrer: raw.referrer, get: raw.get, ref: raw.ref, ...(raw.tracking as object | undefined) };
    const input = validate(blockRequestSchema, { ...raw, tracking });
    if (!input.tracking.get) input.tracking.get = getCookie(c, TRACKING_GET_COOKIE) ?? "";
    await rateLimit(services, `ip:${clientIp(c) || "local"}`, "request");
    const sent = await sendRequest(services, input, await getCurrentUser(c));
    return c.json({ result: "ok", data: { id: sent.id }, newu: sent.newu });
  });
  return app;
}
