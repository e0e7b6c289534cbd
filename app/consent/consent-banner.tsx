import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { CONSENT_EVENT, type ConsentChoice, consentCookie, readConsent } from "../../common/consent.ts";
import { TRACKING_GET_COOKIE, TRACKING_REF_COOKIE } from "../../common/tracking.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { CT } from "./text-ids.ts";

/** True while the visitor asked (footer "Cookie settings") to change an earlier choice. */
let reopened = false;

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CONSENT_EVENT, onChange);
  return () => window.removeEventListener(CONSENT_EVENT, onChange);
}

/** Stores the visitor's choice; a rejection also removes the non-essential cookies already set. */
export function storeConsent(choice: ConsentChoice): void {
  reopened = false;
  document.cookie = consentCookie(choice);
  if (choice === "rejected") for (const name of [TRACKING_GET_COOKIE, TRACKING_REF_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/`;
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** Reopens the banner so the visitor can change an earlier choice (withdrawing is as easy as giving). */
export function reopenConsent(): void {
  reopened = true;
  window.dispatchEvent(new Event(CONSENT_EVENT));
}

/** The visitor's choice, updated when it changes; null before an answer and on the server. */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(
    subscribe,
    () => readConsent(document.cookie),
    () => null,
  );
}

/**
 * Cookie consent banner (issue 9, docs/decisions/0015-cookie-consent.md): shown after hydration to
 * a visitor who has not chosen (or asked to change), Accept and Reject with equal weight, nothing
 * non-essential before Accept. A region, not a modal: the page stays usable.
 */
export function ConsentBanner() {
  const t = useT();
  const { lang } = useLang();
  const open = useSyncExternalStore(
    subscribe,
    () => reopened || readConsent(document.cookie) === null,
    () => false,
  );
  if (!open) return null;
  const prefix = lang === "en" ? "" : `/${lang}`;
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-[60] rounded-t-xl border border-ink-200 bg-white px-4 py-3 text-[13px] text-ink-800 shadow-xl sm:inset-x-auto sm:bottom-3 sm:left-4 sm:max-w-xl sm:rounded-xl sm:p-4 sm:text-sm"
    >
      <h2 id="consent-title" className="font-semibold text-ink-950">
        {t(CT.title, "Cookies")}
      </h2>
      <p className="mt-1 leading-5 sm:leading-6">
        {t(CT.body)}{" "}
        <Link to={`${prefix}/privacy-policy`} className="text-forge-700 underline">
          {t(CT.policy, "Privacy policy")}
        </Link>
      </p>
      <div className="mt-2 flex gap-2 sm:mt-3">
        <button
          type="button"
          onClick={() => storeConsent("accepted")}
          className="rounded-lg bg-forge-600 px-4 py-2 font-semibold text-white hover:bg-forge-500 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {t(CT.accept, "Accept")}
        </button>
        <button
          type="button"
          onClick={() => storeConsent("rejected")}
          className="rounded-lg bg-forge-600 px-4 py-2 font-semibold text-white hover:bg-forge-500 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {t(CT.reject, "Reject")}
        </button>
      </div>
    </section>
  );
}
