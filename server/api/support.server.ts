import { getCookie } from "hono/cookie";
import { z } from "zod";
import { TRACKING_GET_COOKIE } from "../../common/tracking.ts";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { clientIp } from "../http/client-ip.server.ts";
import { rateLimit } from "../rate-limit/rate-limit.server.ts";
import { blockRequestSchema } from "../requests/payload.server.ts";
import { sendRequest } from "../requests/send-request.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Tracking info may come top-level (href/referrer/get/ref) or as a `tracking` object. */
const withTracking = z.preprocess((raw) => {
  const r = (raw ?? {}) as Record<string, unknown>;
  return { ...r, tracking: { href: r.href, referrer: r.referrer, get: r.get, ref: r.ref, ...(r.tracking as object | undefined) } };
}, blockRequestSchema);

/** Routes under /api/support (spec 7). */
export const supportRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/support/blockrequest",
    tag: "support",
    summary: "Send a request to the personal manager (spec 3 payload); answers { result, data: { id }, newu }",
    input: withTracking,
    access: { kind: "self" },
    handle: async ({ c, input, services }) => {
      if (!input.tracking.get) input.tracking.get = getCookie(c, TRACKING_GET_COOKIE) ?? "";
      await rateLimit(services, `ip:${clientIp(c, services.env.TRUST_PROXY) || "local"}`, "request");
      const sent = await sendRequest(services, input, await getCurrentUser(c));
      return { result: "ok", data: { id: sent.id }, newu: sent.newu };
    },
  }),
];
