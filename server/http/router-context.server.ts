import { createContext } from "react-router";
import type { Owner } from "../access/owner.server.ts";
import type { Services } from "../services.server.ts";

/** The process services (database, jobs, env), set by server/app.ts for every request. */
export const servicesContext = createContext<Services>();

/** Per-request facts resolved by the Hono layer before React Router runs. */
export interface RequestInfo {
  /** Guest visitor id from the signed cookie, or null. */
  visitorId: string | null;
  requestId: string;
  /** The client's IP address as the socket sees it ("" when unknown), e.g. for rate limits. */
  ip: string;
  /** The Content-Security-Policy nonce of this response: every inline or bundled script carries it (app/entry.server.tsx). */
  nonce: string;
  /** The requester for the one access rule (visitor cookie and session), resolved once on first use. */
  owner(): Promise<Owner>;
}

export const requestInfoContext = createContext<RequestInfo>();
