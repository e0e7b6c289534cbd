import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { MT } from "../manager/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";

/** Props of {@link PopupDialog}. */
export interface PopupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Popup type from docs/popups.md, exposed as data-popup-type. */
  type: string;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}

/**
 * The one accessible dialog of every popup (docs/popups.md): Radix Dialog gives the focus trap,
 * Escape and outside-click closing, focus return, aria-modal and the title/description labels.
 */
export function PopupDialog({ open, onOpenChange, type, title, description, children, wide }: PopupDialogProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <Dialog.Content
          data-popup-type={type}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[92vh] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl ${
            wide ? "w-[min(94vw,44rem)]" : "w-[min(94vw,28rem)]"
          }`}
        >
          <Dialog.Title className="pr-8 text-xl font-bold text-ink-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-2 text-ink-700">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          <Dialog.Close
            className="absolute top-4 right-4 rounded-md p-1.5 text-ink-500 hover:bg-ink-50 hover:text-ink-900"
            aria-label={t(MT.close)}
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
