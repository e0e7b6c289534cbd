import type { Owner } from "../access/owner.server.ts";
import type { Services } from "../services.server.ts";

/** Hono environment of every API route: the process services, the request id and, once resolved, the owner. */
export interface ApiEnv {
  Variables: { services: Services; requestId: string; owner?: Owner };
}
