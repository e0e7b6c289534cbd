import { Hono } from "hono";
import { z } from "zod";
import { readInput, validate } from "../http/input.server.ts";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { ensureVisitor, visitorIdFromCookie } from "../http/visitor.server.ts";
import { addSiteWow } from "../project/add-site.server.ts";
import { checkSite } from "../project/check-site.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import { getProject } from "../project/get-project.server.ts";
import type { ApiEnv } from "./types.server.ts";

const address = z.string().trim().max(2048);
/** Spec 3 tracking info: href, referrer, get, ref. */
const trackingSchema = z.object({
  href: z.string().max(2048).default(""),
  referrer: z.string().max(2048).default(""),
  get: z.string().max(2048).default(""),
  ref: z.string().max(128).default(""),
});

/** Routes under /api/pagespeed (spec 7). */
export function pagespeedApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/filter_url", async (c) => {
    const { url } = validate(z.object({ url: address }), await readInput(c));
    return c.json(filterUrl(url, { allowLoopback: c.get("services").env.ALLOW_PRIVATE_NETWORKS }));
  });
  return app;
}

/** Routes under /api/project (spec 7) plus the analysis status the project screen polls. */
export function projectApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/check_site", async (c) => {
    const input = validate(z.object({ domain: address, pagelink: address.optional() }), await readInput(c));
    return c.json(await checkSite(c.get("services"), input));
  });
  app.post("/add_site_wow", async (c) => {
    const { page, tracking } = validate(z.object({ page: address, tracking: trackingSchema.optional() }), await readInput(c));
    const services = c.get("services");
    const visitorId = await ensureVisitor(c, services);
    const user = await getCurrentUser(c);
    return c.json(await addSiteWow(services, visitorId, page, tracking, user?.id));
  });
  app.get("/status", async (c) => {
    const { idp } = validate(z.object({ idp: z.coerce.number().int().positive() }), c.req.query());
    const services = c.get("services");
    const user = await getCurrentUser(c);
    const project = await getProject(services, await visitorIdFromCookie(c, services), idp, user?.id);
    c.header("cache-control", "no-store");
    return c.json(project);
  });
  return app;
}
