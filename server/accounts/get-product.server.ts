import type { CurrentUser } from "../auth/current-user.server.ts";
import { enforcedLicenseType } from "../commerce/licence.server.ts";
import { getDefaultManager } from "../manager/get-manager.server.ts";
import { getManagerRecord } from "../manager/manager-record.server.ts";
import type { Services } from "../services.server.ts";

/** The controller-and-key entries POST /api/main/get{product} answers (spec 7). */
export const PRODUCT_ENTRIES = ["main_getmanager", "user_auth", "user_info", "main_defaultmanager"] as const;

/** One entry name: `${controller}_${key}`. */
export type ProductEntry = (typeof PRODUCT_ENTRIES)[number];

/** Spec 3 "User" as the client sees it: id 0 is a guest; `load` says the login state is known. */
export interface UserAuth {
  id: number;
  load: true;
  /** Registration time, ISO 8601; null for a guest. */
  datereg: string | null;
  popups: number[];
  no_price: boolean;
  is_seo: boolean;
}

/** Builds the spec 3 user record of the current user, or of a guest. */
export function userAuth(user: CurrentUser | null): UserAuth {
  return {
    id: user?.id ?? 0,
    load: true,
    datereg: user ? user.datereg.toISOString() : null,
    popups: user?.popups ?? [],
    no_price: user?.noPrice ?? false,
    is_seo: user?.isSeo ?? false,
  };
}

/**
 * Answers POST /api/main/get{product} (spec 7): every requested entry in one response —
 * user_auth.user, main_getmanager (the manager record), user_info.info.license_type and
 * main_defaultmanager. Entries not requested are left out.
 */
export async function getProduct(
  services: Services,
  user: CurrentUser | null,
  entries: readonly ProductEntry[],
): Promise<Record<string, unknown>> {
  const want = new Set(entries);
  const out: Record<string, unknown> = {};
  if (want.has("user_auth")) out.user_auth = { user: userAuth(user) };
  if (want.has("user_info")) out.user_info = { info: { license_type: user ? await enforcedLicenseType(services.db, user) : 0 } };
  if (want.has("main_getmanager")) out.main_getmanager = await getManagerRecord(services.db, user);
  if (want.has("main_defaultmanager")) out.main_defaultmanager = await getDefaultManager(services.db);
  return out;
}
