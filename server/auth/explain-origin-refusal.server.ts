import { isOriginRefusal } from "../../common/accounts/origin-refusal.ts";
import type { Services } from "../services.server.ts";

/** Options of {@link explainOriginRefusal}. */
export interface ExplainOriginRefusalOptions {
  services: Pick<Services, "env" | "log">;
  /** The account call as the browser sent it. */
  req: Request;
  /** better-auth's answer to it. */
  res: Response;
}

/**
 * Says in the server log what is misconfigured when better-auth refused an account call for its
 * origin (issue 16 point 15): the page's address, PUBLIC_ORIGIN and OFFICIAL_ORIGINS, and the
 * setting to change. Returns true when the answer was such a refusal. Never throws.
 */
export async function explainOriginRefusal({ services, req, res }: ExplainOriginRefusalOptions): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (!isOriginRefusal(body?.code)) return false;
  services.log.warn(
    {
      code: body?.code,
      pageOrigin: req.headers.get("origin") ?? new URL(req.url).origin,
      PUBLIC_ORIGIN: services.env.PUBLIC_ORIGIN,
      OFFICIAL_ORIGINS: services.env.OFFICIAL_ORIGINS,
    },
    "account call refused: the page is served at an address that is neither PUBLIC_ORIGIN nor one of OFFICIAL_ORIGINS; set PUBLIC_ORIGIN to the address visitors use",
  );
  return true;
}
