import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { useT } from "../i18n/use-texts.ts";
import { useManagerLayer } from "../popups/manager-layer.tsx";
import { controllerOf, loadsGlobalComponents } from "../popups/page-rules.ts";
import { AccountAlert } from "./alert.tsx";
import { accountCall } from "./auth-client.ts";
import type { AuthMode } from "./auth-forms.tsx";
import { SIGN_IN_SCRIPT_DELAY_MS, startOneTap } from "./one-tap.ts";
import { finishRestore } from "./restore-flow.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import type { AccountSummary } from "./types.ts";

interface RootAccountData {
  account: AccountSummary | null;
  env: { googleClientId?: string | null };
}

/** What {@link useAccount} gives: the signed-in user (null = guest) and the account dialog. */
export interface AccountApi {
  user: AccountSummary | null;
  /** Opens the login component (spec 2) in a mode; false where it does not load (callers then navigate to /settings). */
  openAuth: (mode: AuthMode) => boolean;
  signOut: () => Promise<void>;
  /** Spec 4 restore transition (success alert and reload after 3 s, or popup 10 after 600 ms). */
  finishRestore: (ok: boolean) => void;
}

const AccountContext = createContext<AccountApi | null>(null);

/** The signed-in user as the root loader saw it; null for a guest. */
export function useAccountUser(): AccountSummary | null {
  return (useRouteLoaderData("root") as RootAccountData | undefined)?.account ?? null;
}

/** The account API of the page. Outside {@link AccountLayer} the dialog links to /settings instead. */
export function useAccount(): AccountApi {
  const user = useAccountUser();
  return (
    useContext(AccountContext) ?? {
      user,
      openAuth: () => false,
      signOut: async () => undefined,
      finishRestore: () => undefined,
    }
  );
}

/** The dialog (Radix Dialog) and its forms load when the visitor first opens the login component (decision 0017). */
const AccountDialog = lazy(() => import("./account-dialog.tsx"));

const TITLES: Record<AuthMode, number> = {
  "sign-in": AT.signInTitle,
  "sign-up": AT.signUpTitle,
  reset: AT.resetTitle,
  restore: AT.restoreAccount,
};

/**
 * The login component (spec 2): the sign-in / sign-up / reset / restore dialog, the restore
 * success alert, and for guests Google one-tap 4 s after load (when GOOGLE_CLIENT_ID is set).
 * Not loaded on popup, wow, dashboard, affiliate, popup-request and chat-client.
 */
export function AccountLayer({ children }: { children: ReactNode }) {
  const t = useT();
  const user = useAccountUser();
  const root = useRouteLoaderData("root") as RootAccountData | undefined;
  const googleClientId = root?.env.googleClientId ?? null;
  const { pathname } = useLocation();
  const enabled = loadsGlobalComponents(controllerOf(pathname));
  const { openPopup } = useManagerLayer();
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [alert, setAlert] = useState(false);

  const reload = useCallback(() => window.location.reload(), []);
  const restoreDone = useCallback(
    (ok: boolean) =>
      finishRestore(ok, {
        closePopup: () => setMode(null),
        showSuccess: () => setAlert(true),
        openPopup: (type) => openPopup(type as 10),
        reload,
        later: (fn, ms) => window.setTimeout(fn, ms),
      }),
    [openPopup, reload],
  );

  useEffect(() => {
    if (user || !enabled || !googleClientId) return;
    let cleanup: (() => void) | undefined;
    const timer = window.setTimeout(
      () => (cleanup = startOneTap(googleClientId, reload, () => setMode("restore"))),
      SIGN_IN_SCRIPT_DELAY_MS,
    );
    return () => {
      window.clearTimeout(timer);
      cleanup?.();
    };
  }, [user, enabled, googleClientId, reload]);

  const api = useMemo<AccountApi>(
    () => ({
      user,
      openAuth: (m) => {
        if (enabled) setMode(m);
        return enabled;
      },
      signOut: async () => {
        await accountCall("/api/auth/sign-out");
        reload();
      },
      finishRestore: restoreDone,
    }),
    [user, enabled, reload, restoreDone],
  );

  return (
    <AccountContext.Provider value={api}>
      {children}
      {enabled && mode !== null && (
        <Suspense fallback={null}>
          <AccountDialog mode={mode} title={t(TITLES[mode])} onMode={setMode} onSignedIn={reload} onRestoreDone={restoreDone} />
        </Suspense>
      )}
      {alert && (
        <AccountAlert
          title={t(AT.restoreSuccessTitle)}
          text={t(AT.restoreSuccessText)}
          closeLabel={t(AT.close)}
          onClose={() => setAlert(false)}
        />
      )}
    </AccountContext.Provider>
  );
}
