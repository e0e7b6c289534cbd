import { createContext } from "react-router";
import type { Services } from "../server/services.server.ts";

/** The process services (database, jobs, env), set by server/app.ts for every request. */
export const servicesContext = createContext<Services>();

/** Per-request facts resolved by the Hono layer before React Router runs. */
export interface RequestInfo {
  /** Guest visitor id from the signed cookie, or null. */
  visitorId: string | null;
  requestId: string;
  /** Address of the connecting client (the socket's remote address), for per-IP rate limits. */
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>();
