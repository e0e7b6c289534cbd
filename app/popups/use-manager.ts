import { useEffect, useState } from "react";
import { postApi } from "../lib/api.ts";
import type { ManagerRecord } from "../../common/manager/types.ts";

/** The manager record as POST /api/main/getmanager and get{product} answer it, with the user id (0 = guest). */
export type ManagerAnswer = ManagerRecord & { idu: number };

/** What the page knows once the login state is known (spec 3 User, user info, manager record). */
export interface LoginState {
  user: { id: number; datereg: string | null; popups: number[]; no_price: boolean; is_seo: boolean };
  licenseType: number;
  manager: ManagerAnswer;
}

interface ProductAnswer {
  user_auth: { user: LoginState["user"] };
  user_info: { info: { license_type: number } };
  main_getmanager: ManagerAnswer;
}

let pending: Promise<LoginState> | null = null;

/**
 * Loads the login state once per page (spec 7 POST /api/main/get{product} with the user auth,
 * user info and manager entries); a failed call is retried by the next caller.
 */
export function loadLoginState(): Promise<LoginState> {
  pending ??= postApi<ProductAnswer>("/api/main/getrankforge", {
    list: [
      { controller: "user", key: "auth" },
      { controller: "user", key: "info" },
      { controller: "main", key: "getmanager" },
    ],
  }).then(
    (a) => ({ user: a.user_auth.user, licenseType: a.user_info.info.license_type, manager: a.main_getmanager }),
    (err: unknown) => {
      pending = null;
      throw err;
    },
  );
  return pending;
}

/** The login state, or null until it is known (or when the call failed). */
export function useLoginState(): LoginState | null {
  const [state, setState] = useState<LoginState | null>(null);
  useEffect(() => {
    let live = true;
    loadLoginState().then(
      (s) => live && setState(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The manager record, or null until the login state is known. */
export function useManager(): ManagerAnswer | null {
  return useLoginState()?.manager ?? null;
}
