import { useState, type ComponentType } from "react";
import { useT } from "../i18n/use-texts.ts";
import { SHELL } from "../site/nav-texts.ts";

type Sheet = ComponentType<{ defaultOpen?: boolean }>;
/** Loads the sheet with Radix Dialog on the visitor's first approach to the button, not with the page (decision 0017). */
const loadSheet = () => import("./mobile-menu-sheet.tsx").then((m) => m.MobileMenuSheet);

/**
 * The phone menu button (issue 16 point 12). Its side sheet (mobile-menu-sheet.tsx) loads when the
 * button is first pointed at, touched or focused, and opens as soon as it is there when that first
 * press loaded it; from then on the sheet's own Radix trigger is the button.
 */
export function MobileMenu() {
  const t = useT();
  const [MenuSheet, setSheet] = useState<Sheet | null>(null);
  const [opening, setOpening] = useState(false);
  if (MenuSheet) return <MenuSheet defaultOpen={opening} />;
  return (
    <button
      type="button"
      className="grid h-11 w-11 place-items-center rounded-md border border-ink-700 text-ink-100 lg:hidden"
      aria-label={t(SHELL.menu, "Menu")}
      aria-haspopup="dialog"
      aria-expanded={opening}
      data-state={opening ? "open" : "closed"}
      onPointerEnter={() => void loadSheet()}
      onTouchStart={() => void loadSheet()}
      onFocus={() => void loadSheet()}
      onClick={() => {
        setOpening(true);
        void loadSheet().then((s) => setSheet(() => s));
      }}
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 5h14M3 10h14M3 15h14" />
      </svg>
    </button>
  );
}
