import { useState, type FormEvent } from "react";
import { T } from "../../i18n/text-ids.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useT } from "../../i18n/use-texts.ts";
import { accountCall, siteUrl } from "../auth-client.ts";
import { Field, FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { isValidEmail } from "../../../common/accounts/rules.ts";
import { Section, type FormStatus } from "./section.tsx";

/** E-mail address: shows the current one; a new one takes effect after its confirmation link (better-auth change-email). */
export function EmailCard({ email }: { email: string }) {
  const t = useT();
  const to = useLocalized();
  const [status, setStatus] = useState<FormStatus>({ busy: false, message: null });
  const [err, setErr] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.busy) return;
    const newEmail = String(new FormData(e.currentTarget).get("newEmail") ?? "").trim();
    setErr(!isValidEmail(newEmail));
    if (!isValidEmail(newEmail)) return;
    setStatus({ busy: true, message: null });
    const r = await accountCall("/api/auth/change-email", { newEmail, callbackURL: siteUrl(to("/settings")) });
    setStatus({ busy: false, message: r.ok ? { id: AT.emailChangeSent, error: false } : { id: r.message, error: true } });
  }
  return (
    <Section title={t(T.email, "E-mail")}>
      <p className="text-ink-700">
        <span className="font-medium text-ink-900" data-testid="settings-email">
          {email}
        </span>
      </p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t(AT.changeEmail)}>
        <Field
          className="flex-1"
          label={t(AT.newEmail)}
          name="newEmail"
          type="email"
          autoComplete="email"
          error={err ? t(AT.invalidEmail) : undefined}
        />
        <button type="submit" className="btn-secondary" disabled={status.busy}>
          {t(AT.changeEmail)}
        </button>
      </form>
      <p className="mt-2 text-sm text-ink-500">{t(AT.emailChangeHelp)}</p>
      {status.message ? (
        <div className="mt-3">
          <FormMessage kind={status.message.error ? "error" : "notice"}>{t(status.message.id)}</FormMessage>
        </div>
      ) : null}
    </Section>
  );
}
