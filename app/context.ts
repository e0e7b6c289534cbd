import { createContext } from "react-router";
import type { Services } from "../server/services.server.ts";

/** The process services (database, jobs, env), set by server/app.ts for every request. */
export const servicesContext = createContext<Services>();

/** Per-request facts resolved by the Hono layer before React Router runs. */
export interface RequestInfo {
  /** Guest visitor id from the signed cookie, or null. */
  visitorId: string | null;
  requestId: string;
  /** The client's IP address as the socket sees it ("" when unknown), e.g. for rate limits. */
  ip: string;
}

export const requestInfoContext = createContext<RequestInfo>();
