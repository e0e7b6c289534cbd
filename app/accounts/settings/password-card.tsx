import { useState, type FormEvent } from "react";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useT } from "../../i18n/use-texts.ts";
import { accountCall, siteUrl } from "../auth-client.ts";
import { Field, FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { isValidPassword } from "../../../common/accounts/rules.ts";
import { Section, type FormStatus } from "./section.tsx";

/**
 * Password change (current and new, > 5 characters; other sessions are signed out). A user who
 * never chose a password gets an e-mailed link to choose one instead.
 */
export function PasswordCard({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useT();
  const to = useLocalized();
  const [status, setStatus] = useState<FormStatus>({ busy: false, message: null });
  const [err, setErr] = useState(false);
  async function change(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.busy) return;
    const form = e.currentTarget;
    const data = new FormData(form);
    const newPassword = String(data.get("newPassword") ?? "");
    setErr(!isValidPassword(newPassword));
    if (!isValidPassword(newPassword)) return;
    setStatus({ busy: true, message: null });
    const r = await accountCall("/api/auth/change-password", {
      currentPassword: String(data.get("currentPassword") ?? ""),
      newPassword,
      revokeOtherSessions: true,
    });
    if (r.ok) form.reset();
    setStatus({ busy: false, message: r.ok ? { id: AT.passwordChanged, error: false } : { id: r.message, error: true } });
  }
  async function sendLink() {
    setStatus({ busy: true, message: null });
    const r = await accountCall("/api/auth/request-password-reset", { email, redirectTo: siteUrl(to("/settings")) });
    setStatus({ busy: false, message: r.ok ? { id: AT.resetSent, error: false } : { id: r.message, error: true } });
  }
  return (
    <Section title={t(AT.changePassword)}>
      {hasPassword ? (
        <form method="post" onSubmit={change} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t(AT.changePassword)}>
          <Field label={t(AT.currentPassword)} name="currentPassword" type="password" autoComplete="current-password" required />
          <Field
            label={t(AT.newPassword)}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={6}
            required
            error={err ? t(AT.passwordTooShort) : undefined}
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-secondary" disabled={status.busy}>
              {t(AT.changePassword)}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink-700">{t(AT.noPasswordYet)}</p>
          <button type="button" className="btn-secondary" disabled={status.busy} onClick={() => void sendLink()}>
            {t(AT.sendResetLink)}
          </button>
        </div>
      )}
      {status.message ? (
        <div className="mt-3">
          <FormMessage kind={status.message.error ? "error" : "notice"}>{t(status.message.id)}</FormMessage>
        </div>
      ) : null}
    </Section>
  );
}
