import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../geo/client-ip.server.ts";
import { ip2c } from "../geo/ip2c.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import type { ApiEnv } from "./types.server.ts";

const ip2cSchema = z.object({ ip: z.string().max(64).optional() });

/** Routes under /api/geo (spec 7 IP-to-country lookup). */
export function geoApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  /** GET /api/geo/ip2c[?ip=]: the ip2c text answer for `ip`, or for the caller's address. */
  app.get("/ip2c", async (c) => {
    const { ip } = validate(ip2cSchema, await readInput(c));
    return c.text(ip2c(ip ?? clientIp(c)), 200, { "cache-control": "private, no-store" });
  });
  return app;
}
