import { useState } from "react";
import { useT } from "../../i18n/use-texts.ts";
import { PopupDialog } from "../../popups/dialog.tsx";
import { accountCall } from "../auth-client.ts";
import { FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { Section } from "./section.tsx";

/** Delete account: a confirmation dialog, then POST /api/settings/delete_account; `onDeleted` shows the restore option. */
export function DeleteCard({ onDeleted }: { onDeleted: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<number | null>(null);
  async function confirm() {
    setBusy(true);
    const r = await accountCall("/api/settings/delete_account");
    setBusy(false);
    setOpen(false);
    if (r.ok) onDeleted();
    else setError(r.message);
  }
  return (
    <Section title={t(AT.deleteAccount)} tone="danger">
      <p className="text-ink-700">{t(AT.deleteAccountHelp)}</p>
      {error ? (
        <div className="mt-3">
          <FormMessage kind="error">{t(error)}</FormMessage>
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 inline-flex items-center rounded-lg border border-danger-600 px-5 py-3 font-semibold text-danger-600 hover:bg-danger-100"
      >
        {t(AT.deleteAccount)}
      </button>
      <PopupDialog open={open} onOpenChange={setOpen} type="delete-account" title={t(AT.deleteTitle)} description={t(AT.deleteAccountHelp)}>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
            {t(AT.cancel)}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void confirm()}
            className="inline-flex items-center rounded-lg bg-danger-600 px-5 py-3 font-semibold text-white hover:opacity-90 disabled:opacity-70"
          >
            {t(AT.deleteConfirm)}
          </button>
        </div>
      </PopupDialog>
    </Section>
  );
}
