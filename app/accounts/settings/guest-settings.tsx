import { useState, type FormEvent } from "react";
import { useT } from "../../i18n/use-texts.ts";
import { useAccount } from "../account-layer.tsx";
import { accountCall } from "../auth-client.ts";
import { ResetRequestForm, RestoreForm, SignInForm, SignUpForm, type AuthMode } from "../auth-forms.tsx";
import { Field, FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { isValidPassword } from "../../../common/accounts/rules.ts";
import { Section } from "./section.tsx";

const TITLES: Record<AuthMode, number> = {
  "sign-in": AT.signInTitle,
  "sign-up": AT.signUpTitle,
  reset: AT.resetTitle,
  restore: AT.restoreWithPassword,
};

/** /settings for a guest: the account forms in the page (sign in, sign up, reset, restore). */
export function GuestAccountForms({ initial = "sign-in", notice }: { initial?: AuthMode; notice?: number | undefined }) {
  const t = useT();
  const { finishRestore } = useAccount();
  const [mode, setMode] = useState<AuthMode>(initial);
  return (
    <Section title={t(TITLES[mode])}>
      {notice ? <FormMessage kind="notice">{t(notice)}</FormMessage> : null}
      {mode === "sign-in" && (
        <>
          <p className="text-ink-700">{t(AT.signInToSeeSettings)}</p>
          <SignInForm onMode={setMode} onSignedIn={() => window.location.reload()} />
        </>
      )}
      {mode === "sign-up" && <SignUpForm onMode={setMode} />}
      {mode === "reset" && <ResetRequestForm onMode={setMode} />}
      {mode === "restore" && <RestoreForm onDone={finishRestore} />}
      {mode !== "restore" && (
        <p className="mt-4 border-t border-ink-100 pt-4 text-sm">
          <button type="button" className="text-forge-600 hover:underline" onClick={() => setMode("restore")}>
            {t(AT.restoreAccount)}
          </button>
        </p>
      )}
    </Section>
  );
}

/** The page a password-reset or set-password link lands on (/settings?token=…): choose a new password. */
export function SetPasswordCard({ token }: { token: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<number | null>(null);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const newPassword = String(new FormData(e.currentTarget).get("newPassword") ?? "");
    if (!isValidPassword(newPassword)) return setError(AT.passwordTooShort);
    setBusy(true);
    const r = await accountCall("/api/auth/reset-password", { token, newPassword });
    setBusy(false);
    if (r.ok) setDone(true);
    else setError(r.message);
  }
  if (done) return <GuestAccountForms notice={AT.passwordSaved} />;
  return (
    <Section title={t(AT.setPasswordTitle)}>
      <form method="post" onSubmit={submit} noValidate className="space-y-4" aria-label={t(AT.setPasswordTitle)}>
        {error ? <FormMessage kind="error">{t(error)}</FormMessage> : null}
        <Field label={t(AT.newPassword)} name="newPassword" type="password" autoComplete="new-password" minLength={6} required />
        <button type="submit" className="btn-primary" disabled={busy}>
          {t(AT.savePassword)}
        </button>
      </form>
    </Section>
  );
}

/**
 * The page the deletion e-mail's restore link lands on (/settings?restore=…): one button posts
 * POST /api/settings/restore_account, then the spec 4 transition runs (the token leaves the URL
 * before the reload).
 */
export function RestoreByLinkCard({ token }: { token: string }) {
  const t = useT();
  const { finishRestore } = useAccount();
  const [busy, setBusy] = useState(false);
  async function restore() {
    if (busy) return;
    setBusy(true);
    const r = await accountCall("/api/settings/restore_account", { token });
    const ok = r.ok && (r.data as { result?: boolean }).result === true;
    setBusy(false);
    if (ok) window.history.replaceState(null, "", window.location.pathname);
    finishRestore(ok);
  }
  return (
    <Section title={t(AT.restoreAccount)}>
      <p className="text-ink-700">{t(AT.accountDeletedSignIn)}</p>
      <button type="button" className="btn-primary mt-4" disabled={busy} onClick={() => void restore()}>
        {t(AT.restoreAccount)}
      </button>
    </Section>
  );
}
