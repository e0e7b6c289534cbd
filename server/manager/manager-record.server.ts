import type { ManagerRecord } from "../../common/manager/types.ts";
import type { CurrentUser } from "../auth/current-user.server.ts";
import type { Database } from "../db/client.server.ts";
import { getDefaultManager, getManager } from "./get-manager.server.ts";

/**
 * Spec 3 manager record for a user or a guest (null): the assigned manager's contact fields,
 * the user's own phone fields (u_tel, u_country_code, u_username, u_email; empty for guests),
 * the default manager, and `idu` (the user id, 0 for a guest).
 */
export async function getManagerRecord(db: Database, user: CurrentUser | null): Promise<ManagerRecord & { idu: number }> {
  const [manager, fallback] = await Promise.all([getManager(db, user?.id ?? 0), getDefaultManager(db)]);
  return {
    ...manager,
    u_tel: user?.phone ?? "",
    u_country_code: user?.phoneCountryCode ?? "",
    u_username: user?.name ?? "",
    u_email: user?.email ?? "",
    default: fallback,
    idu: user?.id ?? 0,
  };
}
