import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";

/**
 * A header menu button (issue 16 point 10): the WAI-ARIA menu button pattern through Radix
 * DropdownMenu. It closes on Escape, on a click outside and when an item is chosen (navigation),
 * and opening one header menu closes the other, so two never overlap.
 */
export function HeaderMenu({
  trigger,
  label,
  triggerClassName,
  contentClassName,
  align = "start",
  children,
}: {
  trigger: ReactNode;
  /** Accessible name of the button when `trigger` is not plain text. */
  label?: string;
  triggerClassName: string;
  contentClassName: string;
  align?: "start" | "end";
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={6} className={`z-50 ${contentClassName}`}>
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One item of a {@link HeaderMenu}: renders its child (a link or a button) as the menu item. */
export function HeaderMenuItem({ children, onSelect }: { children: ReactNode; onSelect?: () => void }) {
  return (
    <DropdownMenu.Item asChild onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  );
}

/** A non-interactive line inside a {@link HeaderMenu} (e.g. the signed-in e-mail). */
export const HeaderMenuLabel = DropdownMenu.Label;

/** The chevron shown after a text menu trigger; turns when the menu is open. */
export function Chevron() {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="transition group-data-[state=open]:rotate-180">
      <path d="M1 3l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
    </svg>
  );
}
