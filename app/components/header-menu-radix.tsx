import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { HeaderMenuProps } from "./header-menu.tsx";

/**
 * The header menu once loaded (see {@link HeaderMenu}): the WAI-ARIA menu button pattern through
 * Radix DropdownMenu, open from the start when the visitor's first press loaded it.
 */
export function RadixHeaderMenu({
  trigger,
  label,
  triggerClassName,
  contentClassName,
  align = "start",
  children,
  defaultOpen,
}: HeaderMenuProps) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
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

/** Radix's menu item and label, rendered by HeaderMenuItem / HeaderMenuLabel inside an open menu. */
export const { Item, Label } = DropdownMenu;
