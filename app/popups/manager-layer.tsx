import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { ChatButton } from "../chat/chat-button.tsx";
import { useLang, useT } from "../i18n/use-texts.ts";
import { useConsent } from "../consent/consent-banner.tsx";
import { postApi } from "../lib/api.ts";
import { MT } from "../manager/text-ids.ts";
import type { CatalogueType } from "./catalogue.tsx";
import { LazyCataloguePopup as CataloguePopup } from "./catalogue-lazy.tsx";
import { chooseLoginPopup, CLOSE_MESSAGE, LOGIN_POPUP_DELAY_MS, LOGIN_POPUP_PAGES, MARKETING_SCRIPT_DELAY_MS } from "./login-state.ts";
import {
  controllerOf,
  loadsGlobalComponents,
  loadsRequestComponent,
  MARKETING_BUTTON_BOTTOM_PX,
  showsMarketingButton,
} from "./page-rules.ts";
import type { SentAnswer } from "./request-form.tsx";
import type { OpenRequestOptions, RequestPopupsProps, RequestView } from "./request-popup.tsx";
import type { RootData } from "../root.tsx";
import { useLoginState } from "./use-manager.ts";

/** Spec 9: opening waits 400 ms when the request component must load first. */
export const REQUEST_OPEN_DELAY_MS = 400;

interface ManagerLayerApi {
  /** False on pages without the global components (spec 2), where the calls do nothing. */
  available: boolean;
  /** Opens the request popup (spec 4) with a preselected subject and attached context. */
  openRequest: (opts?: OpenRequestOptions) => void;
  /** Opens a numbered popup of docs/popups.md (e.g. 4 with a site and page, 10). */
  openPopup: (type: CatalogueType, extra?: { site?: string; page?: string }) => void;
  /** Shows the thank-you popup for a request sent from a form on the page. */
  showThanks: (answer: SentAnswer) => void;
}

const LayerContext = createContext<ManagerLayerApi | null>(null);

/** The manager layer's API; outside the layer (pages without it) the calls do nothing. */
export function useManagerLayer(): ManagerLayerApi {
  return (
    useContext(LayerContext) ?? { available: false, openRequest: () => undefined, openPopup: () => undefined, showThanks: () => undefined }
  );
}

/** The layer's API of the page, for islands hydrated as React roots of their own (decision 0017). */
let pageLayer: ManagerLayerApi | null = null;

/**
 * Gives an island outside the layer's React root the page's layer (decision 0017): calls go to the
 * layer hydrated with the page's shell; `available` follows the same page rule as the layer.
 */
export function ForwardedManagerLayer({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const available = loadsGlobalComponents(controllerOf(pathname));
  const api = useMemo<ManagerLayerApi>(
    () => ({
      available,
      openRequest: (opts) => pageLayer?.openRequest(opts),
      openPopup: (type, extra) => pageLayer?.openPopup(type, extra),
      showThanks: (answer) => pageLayer?.showThanks(answer),
    }),
    [available],
  );
  return <LayerContext.Provider value={api}>{children}</LayerContext.Provider>;
}

let requestModule: Promise<{ default: ComponentType<RequestPopupsProps> }> | null = null;
const loadRequestComponent = () => (requestModule ??= import("./request-popup.tsx"));

/** Posts the spec 4 close message to the parent window when the page is embedded (e.g. a checkout frame). */
export function postCloseToParent(): void {
  if (window.parent !== window) window.parent.postMessage(CLOSE_MESSAGE, "*");
}

/**
 * Everything of the personal manager a page carries (spec 2, 4): the request popup and its
 * thank-you popup (loaded at the visitor's first interaction where the request component loads,
 * so it stays out of the initial JavaScript; opening before that waits for it plus 400 ms), the
 * numbered popups, the after-login-state popup on best-pages, analyzer, page-speed and project,
 * and the floating marketing button. Pages without the global components get only children.
 */
export function ManagerLayer({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const controller = controllerOf(pathname);
  if (!loadsGlobalComponents(controller)) return <>{children}</>;
  return <Layer controller={controller}>{children}</Layer>;
}

function Layer({ controller, children }: { controller: string; children: ReactNode }) {
  const [Popups, setPopups] = useState<ComponentType<RequestPopupsProps> | null>(null);
  const [view, setView] = useState<RequestView>({ kind: "closed" });
  const [popup, setPopup] = useState<{ type: CatalogueType; site?: string; page?: string } | null>(null);
  const opening = useRef(false);

  useEffect(() => {
    if (!loadsRequestComponent(controller)) return;
    const events = ["pointerover", "touchstart", "keydown", "focusin"] as const;
    const load = () => {
      for (const e of events) window.removeEventListener(e, load);
      void loadRequestComponent().then((m) => setPopups(() => m.default));
    };
    for (const e of events) window.addEventListener(e, load, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, load);
    };
  }, [controller]);

  const openRequest = useCallback(
    (opts: OpenRequestOptions = {}) => {
      if (opening.current) return;
      setPopup(null);
      if (Popups) {
        setView({ kind: "open", opts });
        return;
      }
      opening.current = true;
      void loadRequestComponent()
        .then((m) => {
          setPopups(() => m.default);
          return new Promise((r) => setTimeout(r, REQUEST_OPEN_DELAY_MS));
        })
        .then(() => setView({ kind: "open", opts }))
        .finally(() => {
          opening.current = false;
        });
    },
    [Popups],
  );
  const openPopup = useCallback((type: CatalogueType, extra: { site?: string; page?: string } = {}) => {
    setView((v) => (v.kind === "open" ? { kind: "closed" } : v));
    setPopup({ type, ...extra });
  }, []);
  const showThanks = useCallback((answer: SentAnswer) => {
    void loadRequestComponent().then((m) => {
      setPopups(() => m.default);
      setView({ kind: "thanks", newu: answer.newu });
    });
  }, []);
  const api = useMemo(() => ({ available: true, openRequest, openPopup, showThanks }), [openRequest, openPopup, showThanks]);
  useEffect(() => {
    pageLayer = api;
    return () => {
      if (pageLayer === api) pageLayer = null;
    };
  }, [api]);

  function closeRequest() {
    setView({ kind: "closed" });
    postCloseToParent();
  }
  function sent(answer: SentAnswer) {
    setView({ kind: "thanks", newu: answer.newu });
  }
  function thanksClosed(newu: 0 | 1) {
    setView({ kind: "closed" });
    postCloseToParent();
    if (newu === 1) window.location.reload();
  }

  return (
    <LayerContext.Provider value={api}>
      {children}
      {Popups && (
        <Popups
          view={view}
          fromPage={controller}
          supportPage={controller === "support"}
          onClose={closeRequest}
          onSent={sent}
          onThanksClosed={thanksClosed}
        />
      )}
      {popup && (
        <CataloguePopup
          type={popup.type}
          open
          onClose={() => setPopup(null)}
          onContact={(custom, subject) => openRequest({ custom, subject: subject ?? 1 })}
          site={popup.site ?? ""}
          page={popup.page}
        />
      )}
      {(LOGIN_POPUP_PAGES as readonly string[]).includes(controller) && <LoginStatePopup onContact={openRequest} />}
      <MarketingScript />
      <div data-floating-dock style={{ bottom: MARKETING_BUTTON_BOTTOM_PX }} className="fixed right-4 z-50 flex items-end gap-3 sm:right-6">
        <ChatButton />
        <MarketingButton controller={controller} onOpen={() => openRequest({ subject: 1, custom: `marketing button: ${controller}` })} />
      </div>
    </LayerContext.Provider>
  );
}

/**
 * Spec 4 after-login-state popup: 2 s after the login state is known, the popup for the first
 * popup code or the seo-consultation popup; with none, a close message to the parent window.
 * Closing a code popup tells the server it was shown.
 */
function LoginStatePopup({ onContact }: { onContact: (opts: OpenRequestOptions) => void }) {
  const state = useLoginState();
  const [type, setType] = useState<number | null>(null);
  useEffect(() => {
    if (!state) return;
    const id = setTimeout(() => {
      const chosen = chooseLoginPopup({
        userId: state.user.id,
        datereg: state.user.datereg ? new Date(state.user.datereg) : null,
        popups: state.user.popups,
        licenseType: state.licenseType,
        managerPhone: state.manager.u_tel,
        cookies: document.cookie,
        now: new Date(),
      });
      if (chosen === null) postCloseToParent();
      else setType(chosen);
    }, LOGIN_POPUP_DELAY_MS);
    return () => clearTimeout(id);
  }, [state]);
  if (type === null || !state) return null;
  const close = () => {
    setType(null);
    const code = state.user.popups[0];
    if (code !== undefined) void postApi("/api/popups/seen", { code }).catch(() => undefined);
  };
  return (
    <CataloguePopup
      type={type as CatalogueType}
      open
      onClose={close}
      onContact={(custom, subject) => {
        close();
        onContact({ custom, subject: subject ?? 1 });
      }}
    />
  );
}

/**
 * The floating marketing button (spec 2): only on its pages, not for guests on best-pages,
 * analyzer, page-speed and support, not in Turkish, not on mobile (below the md breakpoint);
 * 30 px from the bottom, in the one floating dock beside the chat button (issue 16 point 11). It
 * opens the request popup.
 */
function MarketingButton({ controller, onOpen }: { controller: string; onOpen: () => void }) {
  const t = useT();
  const { lang } = useLang();
  const state = useLoginState();
  if (!showsMarketingButton(controller, { loggedIn: (state?.user.id ?? 0) > 0, lang })) return null;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="marketing-button"
      className="hidden items-center gap-2 rounded-full bg-forge-600 px-5 py-3 font-semibold text-white shadow-lg hover:bg-forge-500 md:inline-flex"
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      </svg>
      {t(MT.marketingButton)}
    </button>
  );
}

/** Spec 4: the configured marketing script (MARKETING_SCRIPT_URL) loads 4 s after the login state is known, once per page. */
function MarketingScript() {
  const url = (useRouteLoaderData("root") as RootData | undefined)?.env.marketingScriptUrl ?? "";
  const state = useLoginState();
  // A tracker: loaded only after the visitor accepted non-essential cookies (issue 9 consent).
  const consent = useConsent();
  useEffect(() => {
    if (!state || !url || consent !== "accepted") return;
    const id = setTimeout(() => {
      if (document.querySelector("script[data-marketing-script]")) return;
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.dataset.marketingScript = "";
      document.head.appendChild(script);
    }, MARKETING_SCRIPT_DELAY_MS);
    return () => clearTimeout(id);
  }, [state, url, consent]);
  return null;
}
