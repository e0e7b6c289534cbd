import { useState, type FormEvent } from "react";
import { useT } from "../../i18n/use-texts.ts";
import { accountCall } from "../auth-client.ts";
import { FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { Section, type FormStatus } from "./section.tsx";

/** The optional e-mail categories, in /settings order, with their label text ids. */
const CATEGORIES = [
  ["notifications", AT.notifyNotifications],
  ["reports", AT.notifyReports],
  ["marketing", AT.notifyMarketing],
] as const;

/** E-mail notification preferences (the same switches /unsubscribe turns off). */
export function NotificationsCard({ values }: { values: Record<(typeof CATEGORIES)[number][0], boolean> }) {
  const t = useT();
  const [status, setStatus] = useState<FormStatus>({ busy: false, message: null });
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.busy) return;
    const form = new FormData(e.currentTarget);
    setStatus({ busy: true, message: null });
    const body = Object.fromEntries(CATEGORIES.map(([c]) => [c, form.get(c) === "on"]));
    const r = await accountCall("/api/settings/notifications", body);
    setStatus({ busy: false, message: r.ok ? { id: AT.saved, error: false } : { id: r.message, error: true } });
  }
  return (
    <Section title={t(AT.notifications)}>
      <form onSubmit={submit} aria-label={t(AT.notifications)}>
        <fieldset className="space-y-3">
          <legend className="sr-only">{t(AT.notifications)}</legend>
          {CATEGORIES.map(([c, label]) => (
            <label key={c} className="flex items-center gap-3 text-ink-900">
              <input type="checkbox" name={c} defaultChecked={values[c]} className="h-4 w-4 accent-forge-600" />
              {t(label)}
            </label>
          ))}
        </fieldset>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-secondary" disabled={status.busy}>
            {t(AT.save)}
          </button>
          {status.message ? <FormMessage kind={status.message.error ? "error" : "notice"}>{t(status.message.id)}</FormMessage> : null}
        </div>
      </form>
    </Section>
  );
}
