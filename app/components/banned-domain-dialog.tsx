import * as Dialog from "@radix-ui/react-dialog";

/**
 * The banned-domain popup (spec 4 "popup of type 4 with the site and an optional page"). Loaded
 * on demand by the domain start box, so pages carry the dialog code only when it is needed.
 */
export default function BannedDomainDialog({ site, page, onClose }: { site: string; page?: string; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <Dialog.Content
          data-popup-type="4"
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
        >
          <Dialog.Title className="text-lg font-bold">This site cannot be added</Dialog.Title>
          <Dialog.Description className="mt-2 text-ink-700">
            <strong>{site}</strong> is on our list of blocked domains
            {page ? ` (${page})` : ""}. If you own it and think this is a mistake, write to your personal manager.
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="btn-secondary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
