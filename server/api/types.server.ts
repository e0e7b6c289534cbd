import type { Services } from "../services.server.ts";

/** Hono environment of every API route: the process services and the request id. */
export interface ApiEnv {
  Variables: { services: Services; requestId: string };
}
