import { useState, type ComponentProps, type ReactNode } from "react";

type Radix = typeof import("./header-menu-radix.tsx");
let radix: Radix | null = null;
/** Loads Radix DropdownMenu (≈ 19 KB gzip) on the visitor's first approach to a header menu, not with the page (decision 0017). */
const loadRadix = () => import("./header-menu-radix.tsx").then((m) => (radix = m));

/** Props of {@link HeaderMenu}. */
export interface HeaderMenuProps {
  trigger: ReactNode;
  /** Accessible name of the button when `trigger` is not plain text. */
  label?: string;
  triggerClassName: string;
  contentClassName: string;
  align?: "start" | "end";
  children: ReactNode;
  /** Open on mount (the first press, which loaded the menu). */
  defaultOpen?: boolean;
}

/**
 * A header menu button (issue 16 point 10): the WAI-ARIA menu button pattern through Radix
 * DropdownMenu. It closes on Escape, on a click outside and when an item is chosen (navigation),
 * and opening one header menu closes the other, so two never overlap. Until first used it is a
 * plain menu button: pointing at or focusing it loads Radix, pressing it (click, Enter, Space,
 * ArrowDown) opens the menu as soon as Radix is there, unless Escape was pressed meanwhile.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const [Menu, setMenu] = useState<Radix["RadixHeaderMenu"] | null>(null);
  const [opening, setOpening] = useState(false);
  if (Menu) return <Menu {...props} defaultOpen={opening} />;
  const open = () => {
    setOpening(true);
    void loadRadix().then((m) => setMenu(() => m.RadixHeaderMenu));
  };
  return (
    <button
      type="button"
      className={props.triggerClassName}
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={opening}
      data-state={opening ? "open" : "closed"}
      onPointerEnter={() => void loadRadix()}
      onFocus={() => void loadRadix()}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === "Escape") setOpening(false);
        if (e.key !== "ArrowDown") return;
        e.preventDefault();
        open();
      }}
    >
      {props.trigger}
    </button>
  );
}

/** One item of a {@link HeaderMenu}: renders its child (a link or a button) as the menu item. */
export function HeaderMenuItem({ children, onSelect }: { children: ReactNode; onSelect?: () => void }) {
  // Items render only inside an open menu, so Radix is loaded.
  const Item = radix!.Item;
  return (
    <Item asChild onSelect={onSelect}>
      {children}
    </Item>
  );
}

/** A non-interactive line inside a {@link HeaderMenu} (e.g. the signed-in e-mail). */
export function HeaderMenuLabel(props: ComponentProps<Radix["Label"]>) {
  const Label = radix!.Label;
  return <Label {...props} />;
}

/** The chevron shown after a text menu trigger; turns when the menu is open. */
export function Chevron() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="transition group-data-[state=open]:rotate-180">
      <path d="M1 3l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
    </svg>
  );
}
