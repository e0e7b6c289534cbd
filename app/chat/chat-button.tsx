import { useEffect, useRef, useState } from "react";
import { useLang } from "../i18n/use-texts.ts";
import { localizePath } from "../../common/i18n/languages.ts";
import { MARKETING_BUTTON_BOTTOM_PX } from "../popups/page-rules.ts";
import { chatStrings } from "./strings.ts";

/**
 * The chat component (spec 2, issue 5): a small "Chat" button in the floating dock at the bottom
 * right, beside the marketing button (issue 16 point 11), opening a panel with /chat-client in an iframe.
 * The iframe is created only when the panel first opens, so pages carry nothing more than the button.
 * Rendered by the manager layer, which loads only where the spec's page rule allows the chat.
 */
export function ChatButton() {
  const { lang } = useLang();
  const s = chatStrings(lang);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      {loaded && (
        <section
          id="chat-panel"
          aria-label={s.title}
          hidden={!open}
          style={{ bottom: MARKETING_BUTTON_BOTTOM_PX + 64 }}
          className="fixed inset-x-2 z-50 h-[min(560px,calc(100dvh-120px))] overflow-hidden rounded-2xl border border-ink-100 bg-white shadow-2xl sm:right-6 sm:left-auto sm:w-[380px]"
        >
          <iframe title={s.title} src={localizePath(lang, "/chat-client")} className="h-full w-full border-0" data-testid="chat-frame" />
        </section>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={loaded ? "chat-panel" : undefined}
        onClick={() => {
          setLoaded(true);
          setOpen((o) => !o);
        }}
        data-testid="chat-button"
        className="inline-flex items-center gap-2 rounded-full bg-forge-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-forge-600 sm:left-6"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 5h16v11H9l-5 4z" />}
        </svg>
        {open ? s.close : s.open}
      </button>
    </>
  );
}
