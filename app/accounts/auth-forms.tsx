import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { fillNodes } from "../i18n/fill-nodes.tsx";
import { NAV_TEXT_IDS } from "../site/nav-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { T } from "../i18n/text-ids.ts";
import { accountCall, siteUrl } from "./auth-client.ts";
import { Field, FormMessage } from "./field.tsx";
import { AT } from "../../common/accounts/text-ids.ts";
import { isValidEmail, isValidPassword } from "../../common/accounts/rules.ts";

/** The account forms: sign in, sign up, ask for a reset link, restore a deleted account. */
export type AuthMode = "sign-in" | "sign-up" | "reset" | "restore";

interface FormProps {
  /** Switches the surrounding dialog or page to another form. */
  onMode: (mode: AuthMode) => void;
  /** Called after a successful sign-in (the caller reloads or navigates). */
  onSignedIn: () => void;
}

function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<number | null>(null);
  const [notice, setNotice] = useState<number | null>(null);
  return { busy, setBusy, error, setError, notice, setNotice };
}

/** Sign-in form (e-mail and password). A deleted account switches to the restore form. */
export function SignInForm({ onMode, onSignedIn }: FormProps) {
  const t = useT();
  const s = useSubmit();
  const [fieldErr, setFieldErr] = useState<{ email?: number; password?: number }>({});
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (s.busy) return;
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const errs = { email: isValidEmail(email) ? undefined : AT.invalidEmail, password: password ? undefined : AT.passwordTooShort };
    setFieldErr(errs);
    if (errs.email || errs.password) return;
    s.setBusy(true);
    s.setError(null);
    const r = await accountCall("/api/auth/sign-in/email", { email, password });
    s.setBusy(false);
    if (r.ok) return onSignedIn();
    if (r.code === "ACCOUNT_DELETED") return onMode("restore");
    s.setError(r.message);
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t(AT.signInTitle)}>
      {s.error ? <FormMessage kind="error">{t(s.error)}</FormMessage> : null}
      <Field
        label={t(T.email, "E-mail")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldErr.email ? t(fieldErr.email) : undefined}
      />
      <Field
        label={t(AT.password)}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldErr.password ? t(fieldErr.password) : undefined}
      />
      <button type="submit" className="btn-primary w-full" disabled={s.busy}>
        {t(AT.signInTitle)}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-forge-600 hover:underline" onClick={() => onMode("reset")}>
          {t(AT.forgotPassword)}
        </button>
        <button type="button" className="text-forge-600 hover:underline" onClick={() => onMode("sign-up")}>
          {t(AT.noAccount)}
        </button>
      </div>
    </form>
  );
}

/** Sign-up form (name, e-mail, password > 5 characters); success asks to confirm the e-mail. */
export function SignUpForm({ onMode }: Pick<FormProps, "onMode">) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const s = useSubmit();
  const [fieldErr, setFieldErr] = useState<{ name?: number; email?: number; password?: number }>({});
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (s.busy) return;
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const errs = {
      name: name ? undefined : AT.nameRequired,
      email: isValidEmail(email) ? undefined : AT.invalidEmail,
      password: isValidPassword(password) ? undefined : AT.passwordTooShort,
    };
    setFieldErr(errs);
    if (errs.name || errs.email || errs.password) return;
    s.setBusy(true);
    s.setError(null);
    // Marketing e-mail is opt-in (GDPR): the box starts unticked and only a tick subscribes.
    const marketingOptIn = form.get("marketing") === "on";
    const r = await accountCall("/api/auth/sign-up/email", {
      name,
      email,
      password,
      lang,
      marketingOptIn,
      // The confirmation link signs in and opens the welcome step on the projects screen (issue 16 point 13).
      callbackURL: siteUrl(to("/project?welcome=1")),
    });
    s.setBusy(false);
    if (r.ok) s.setNotice(AT.signUpSent);
    else s.setError(r.message);
  }
  if (s.notice) return <div className="mt-4">{<FormMessage kind="notice">{t(s.notice)}</FormMessage>}</div>;
  return (
    <form method="post" onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t(AT.signUpTitle)}>
      {s.error ? <FormMessage kind="error">{t(s.error)}</FormMessage> : null}
      <Field label={t(AT.nameLabel)} name="name" autoComplete="name" required error={fieldErr.name ? t(fieldErr.name) : undefined} />
      <Field
        label={t(T.email, "E-mail")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldErr.email ? t(fieldErr.email) : undefined}
      />
      <Field
        label={t(AT.password)}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        required
        error={fieldErr.password ? t(fieldErr.password) : undefined}
      />
      <label className="flex items-start gap-2 text-sm text-ink-700">
        <input type="checkbox" name="marketing" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>{t(AT.marketingOptIn)}</span>
      </label>
      <button type="submit" className="btn-primary w-full" disabled={s.busy}>
        {t(T.signUp, "Sign up")}
      </button>
      <p className="text-xs text-ink-500" data-testid="terms-line">
        {fillNodes(t(AT.termsLine), {
          terms: (
            <Link to={to("/terms-of-service")} target="_blank">
              {t(NAV_TEXT_IDS["/terms-of-service"]!)}
            </Link>
          ),
          privacy: (
            <Link to={to("/privacy-policy")} target="_blank">
              {t(NAV_TEXT_IDS["/privacy-policy"]!)}
            </Link>
          ),
        })}
      </p>
      <p className="text-sm">
        <button type="button" className="text-forge-600 hover:underline" onClick={() => onMode("sign-in")}>
          {t(AT.haveAccount)}
        </button>
      </p>
    </form>
  );
}

/** Forgotten password: asks for a reset link; the answer never says whether the e-mail exists. */
export function ResetRequestForm({ onMode }: Pick<FormProps, "onMode">) {
  const t = useT();
  const to = useLocalized();
  const s = useSubmit();
  const [emailErr, setEmailErr] = useState<number | undefined>();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (s.busy) return;
    const email = String(new FormData(e.currentTarget).get("email") ?? "").trim();
    setEmailErr(isValidEmail(email) ? undefined : AT.invalidEmail);
    if (!isValidEmail(email)) return;
    s.setBusy(true);
    s.setError(null);
    const r = await accountCall("/api/auth/request-password-reset", { email, redirectTo: siteUrl(to("/settings")) });
    s.setBusy(false);
    if (r.ok) s.setNotice(AT.resetSent);
    else s.setError(r.message);
  }
  return (
    <form method="post" onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t(AT.resetTitle)}>
      {s.error ? <FormMessage kind="error">{t(s.error)}</FormMessage> : null}
      {s.notice ? <FormMessage kind="notice">{t(s.notice)}</FormMessage> : null}
      <Field
        label={t(T.email, "E-mail")}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={emailErr ? t(emailErr) : undefined}
      />
      <button type="submit" className="btn-primary w-full" disabled={s.busy}>
        {t(AT.sendResetLink)}
      </button>
      <p className="text-sm">
        <button type="button" className="text-forge-600 hover:underline" onClick={() => onMode("sign-in")}>
          {t(AT.signInTitle)}
        </button>
      </p>
    </form>
  );
}

/**
 * Spec 4 restore popup with a password input: POST /api/settings/restore_account_p. On success the
 * user is signed in with the same credentials; `onDone(ok)` runs the spec 4 transition.
 */
export function RestoreForm({ onDone }: { onDone: (ok: boolean) => void }) {
  const t = useT();
  const s = useSubmit();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (s.busy) return;
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    s.setBusy(true);
    const r = await accountCall("/api/settings/restore_account_p", { email, password });
    const ok = r.ok && (r.data as { result?: boolean }).result === true;
    if (ok) await accountCall("/api/auth/sign-in/email", { email, password });
    s.setBusy(false);
    onDone(ok);
  }
  return (
    <form method="post" onSubmit={submit} className="mt-4 space-y-4" aria-label={t(AT.restoreAccount)}>
      <p className="text-sm text-ink-700">{t(AT.restoreHelp)}</p>
      <Field label={t(T.email, "E-mail")} name="email" type="email" autoComplete="email" required />
      <Field label={t(AT.password)} name="password" type="password" autoComplete="current-password" required />
      <button type="submit" className="btn-primary w-full" disabled={s.busy}>
        {t(AT.restoreAccount)}
      </button>
    </form>
  );
}
