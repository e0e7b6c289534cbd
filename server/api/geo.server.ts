import { z } from "zod";
import { clientIp } from "../http/client-ip.server.ts";
import { ip2c } from "../geo/ip2c.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Routes under /api/geo (spec 7 IP-to-country lookup). */
export const geoRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/geo/ip2c",
    tag: "geo",
    summary: "The ip2c text answer (1;CC;CCC;Country) for `ip`, or for the caller's address",
    input: z.object({ ip: z.string().max(64).optional() }),
    access: { kind: "public" },
    produces: "text/plain",
    handle: ({ c, input, services }) =>
      c.text(ip2c(input.ip ?? clientIp(c, services.env.TRUST_PROXY)), 200, { "cache-control": "private, no-store" }),
  }),
];
