import { useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { PhoneInput, type PhoneChange } from "../components/phone-input.tsx";
import { isPhoneCountry, PHONE, phoneQueryNumber, phoneValue } from "../components/phone-input-rules.ts";
import { T } from "../i18n/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { ApiCallError, postApi } from "../lib/api.ts";
import { currentTracking } from "../../common/tracking.ts";
import { checkDomainInput } from "../../common/url-check.ts";
import { MT } from "../manager/text-ids.ts";
import { SUBJECT_TEXT } from "../../common/requests/subject-text.ts";
import {
  checkManagerRequest,
  checkStartRequest,
  hasNoErrors,
  SUBJECT_VALUES,
  type RequestFieldErrors,
} from "../../common/requests/validate.ts";
import type { RootData } from "../root.tsx";
import { useManagerLayer } from "./manager-layer.tsx";
import { useManager } from "./use-manager.ts";

/** Answer of POST /api/support/blockrequest (spec 7). */
export interface SentAnswer {
  result: "ok";
  data: { id: number };
  newu: 0 | 1;
}

/** Props of {@link RequestForm}. */
export interface RequestFormProps {
  /** Prefix of the field ids (unique per page). */
  idPrefix: string;
  /** Preselected spec 3 subject type. */
  subject: number;
  /** Extra context attached by the opener (spec 3 `custom`). */
  custom?: string;
  /** "request": manager request form; "start": start request form (website, subject 17 rule). */
  form?: "request" | "start";
  /** On the support page a logged-in user writes only the message (spec 5). */
  supportPage?: boolean;
  messageDisabled?: boolean;
  showSubject?: boolean;
  /** The screen the form is on (spec 3 fromPage). */
  fromPage: string;
  defaultMessage?: string;
  submitLabel?: string;
  onSent: (answer: SentAnswer) => void;
}

const NO_ERRORS: RequestFieldErrors = { usernameErr: false, emailErr: false, phoneErr: false, messageErr: false, websiteErr: false };
const FLAG_OF_FIELD: Record<string, keyof RequestFieldErrors> = {
  username: "usernameErr",
  email: "emailErr",
  phone: "phoneErr",
  message: "messageErr",
  website: "websiteErr",
};

/** The user's saved phone (manager record u_tel, u_country_code) as the phone input reports it. */
function savedPhone(text: string, country: PhoneChange["country"] | undefined): PhoneChange {
  const state = { text, country: country ?? PHONE.defaultCountry };
  return { ...state, number: phoneValue(state) };
}

async function phoneIsValid(number: string): Promise<boolean> {
  if (!number) return false;
  const res = await fetch(`/api/phone/validate?number=${encodeURIComponent(phoneQueryNumber(number))}`, { credentials: "same-origin" });
  if (!res.ok) throw new ApiCallError(res.status, null);
  return ((await res.json()) as { valid: boolean }).valid;
}

const inputClass = (bad: boolean) =>
  `w-full rounded-lg border bg-white px-3 py-2.5 text-ink-900 outline-none placeholder:text-ink-300 focus:border-forge-500 focus:ring-2 focus:ring-forge-100 ${
    bad ? "border-danger-600" : "border-ink-300"
  }`;

/**
 * The manager request form (spec 3 payload, spec 5 validation, spec 8 red-field flags): the
 * send button's sending flag blocks double submits and is reset on a validation failure or on
 * completion; the phone is checked by GET /api/phone/validate; a failed call leaves the form as
 * it was and says so.
 */
export function RequestForm(props: RequestFormProps) {
  const { idPrefix: p, form = "request", supportPage = false, messageDisabled = false, showSubject = true } = props;
  const t = useT();
  const { lang } = useLang();
  const manager = useManager();
  const layer = useManagerLayer();
  const env = (useRouteLoaderData("root") as RootData | undefined)?.env;
  const loggedIn = (manager?.idu ?? 0) > 0;
  const onlyMessage = supportPage && loggedIn;
  const [subject, setSubject] = useState(props.subject);
  const [typedName, setUsername] = useState<string | null>(null);
  const [typedEmail, setEmail] = useState<string | null>(null);
  const username = typedName ?? manager?.u_username ?? "";
  const email = typedEmail ?? manager?.u_email ?? "";
  const [message, setMessage] = useState(props.defaultMessage ?? "");
  const [website, setWebsite] = useState("");
  const [typedPhone, setPhone] = useState<PhoneChange | null>(null);
  const savedText = manager?.u_tel && manager.u_tel.length >= PHONE.minLength ? manager.u_tel : "";
  const savedCountry = manager && isPhoneCountry(manager.u_country_code) ? manager.u_country_code : undefined;
  const phone = typedPhone ?? (savedText ? savedPhone(savedText, savedCountry) : null);
  // The phone input starts again from the saved phone once, when it arrives before the user typed
  // one; a guest (no saved phone) keeps the same input, so nothing typed is ever thrown away.
  const [phoneKey, setPhoneKey] = useState<"blank" | "saved">("blank");
  if (phoneKey === "blank" && typedPhone === null && (savedText || savedCountry)) setPhoneKey("saved");
  const [errors, setErrors] = useState<RequestFieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingFlag = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const contentSubject = subject === 17;
  const showWebsite = form === "start" || contentSubject;
  const showEmail = !(form === "start" && contentSubject);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (sendingFlag.current) return;
    sendingFlag.current = true;
    setSending(true);
    setFailure(null);
    try {
      const number = phone?.number ?? "";
      const phoneValid = onlyMessage ? true : await phoneIsValid(number);
      const values = { username, email, message, website, phoneValid };
      const checked =
        form === "start"
          ? checkStartRequest(values, { subject, messageDisabled, allowLoopback: env?.allowLoopback ?? false })
          : { errors: checkManagerRequest(values, { supportPage, loggedIn }), dropEmail: false };
      setErrors(checked.errors);
      if (!hasNoErrors(checked.errors)) {
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
        return;
      }
      const answer = await postApi<SentAnswer>("/api/support/blockrequest", {
        idu: manager?.idu ?? 0,
        email: checked.dropEmail ? "" : email,
        username,
        phone: number,
        message,
        page: window.location.href,
        idm: manager?.id ?? 0,
        u_tel: manager?.u_tel ?? "",
        u_country_code: phone?.country ?? manager?.u_country_code ?? "",
        typeRequest: subject,
        custom: props.custom ?? "",
        u_username: manager?.u_username ?? "",
        u_email: manager?.u_email ?? "",
        website,
        fromPage: props.fromPage,
        form,
        messageDisabled,
        tracking: currentTracking(),
        lang,
      });
      props.onSent(answer);
    } catch (err) {
      const site = checkDomainInput(website, { allowLoopback: env?.allowLoopback ?? false });
      if (err instanceof ApiCallError && err.status === 403 && err.body?.error.field === "website" && site.ok && layer.available) {
        layer.openPopup(4, { site: site.domain, page: site.url });
        return;
      }
      const field = err instanceof ApiCallError && err.status === 422 ? err.body?.error.field : undefined;
      const flag = field ? FLAG_OF_FIELD[field] : undefined;
      if (flag) setErrors({ ...NO_ERRORS, [flag]: true });
      else setFailure(err instanceof ApiCallError && err.status === 429 ? t(MT.rateLimited) : t(MT.sendFailed));
    } finally {
      sendingFlag.current = false;
      setSending(false);
    }
  }

  const errorText = (id: string, show: boolean, text: string) => (
    <p id={id} className="mt-1 min-h-4 text-xs font-medium text-danger-600">
      {show ? text : ""}
    </p>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-1" data-testid="request-form" aria-busy={sending}>
      {onlyMessage && manager ? (
        <p className="mb-3 text-sm text-ink-700">
          {t(MT.loggedInAs)} <strong>{manager.u_username || manager.u_email}</strong>
        </p>
      ) : (
        <>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${p}-username`} className="text-sm font-medium text-ink-900">
                {t(T.name)}
              </label>
              <input
                id={`${p}-username`}
                name="username"
                autoComplete="name"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                aria-invalid={errors.usernameErr || undefined}
                aria-describedby={`${p}-username-err`}
                className={inputClass(errors.usernameErr)}
              />
              {errorText(`${p}-username-err`, errors.usernameErr, t(MT.errName))}
            </div>
            {showEmail && (
              <div>
                <label htmlFor={`${p}-email`} className="text-sm font-medium text-ink-900">
                  {t(T.email)}
                </label>
                <input
                  id={`${p}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={errors.emailErr || undefined}
                  aria-describedby={`${p}-email-err`}
                  className={inputClass(errors.emailErr)}
                />
                {errorText(`${p}-email-err`, errors.emailErr, t(MT.errEmail))}
              </div>
            )}
          </div>
          <div>
            <label htmlFor={`${p}-phone`} className="text-sm font-medium text-ink-900">
              {t(T.phone)}
            </label>
            <PhoneInput
              key={phoneKey}
              id={`${p}-phone`}
              defaultText={phoneKey === "saved" ? savedText : ""}
              defaultCountry={phoneKey === "saved" ? savedCountry : undefined}
              onChange={setPhone}
              invalid={errors.phoneErr}
              describedBy={`${p}-phone-err`}
              ip2cUrl={env?.ip2cUrl}
            />
            {errorText(`${p}-phone-err`, errors.phoneErr, t(MT.errPhone))}
          </div>
        </>
      )}
      {showSubject && (
        <div className="pb-4">
          <label htmlFor={`${p}-subject`} className="text-sm font-medium text-ink-900">
            {t(MT.fieldSubject)}
          </label>
          <select
            id={`${p}-subject`}
            name="typeRequest"
            value={subject}
            onChange={(e) => setSubject(Number(e.target.value))}
            className={inputClass(false)}
          >
            {SUBJECT_VALUES.map((v) => (
              <option key={v} value={v}>
                {t(SUBJECT_TEXT[v])}
              </option>
            ))}
          </select>
        </div>
      )}
      {showWebsite && (
        <div>
          <label htmlFor={`${p}-website`} className="text-sm font-medium text-ink-900">
            {t(MT.fieldWebsite)}
          </label>
          <input
            id={`${p}-website`}
            name="website"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            value={website}
            onChange={(e) => setWebsite(e.target.value)}
            aria-invalid={errors.websiteErr || undefined}
            aria-describedby={`${p}-website-err`}
            className={inputClass(errors.websiteErr)}
          />
          {errorText(`${p}-website-err`, errors.websiteErr, t(MT.errWebsite))}
        </div>
      )}
      {!messageDisabled && (
        <div>
          <label htmlFor={`${p}-message`} className="text-sm font-medium text-ink-900">
            {t(T.message)}
          </label>
          <textarea
            id={`${p}-message`}
            name="message"
            rows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={errors.messageErr || undefined}
            aria-describedby={`${p}-message-err`}
            className={`${inputClass(errors.messageErr)} resize-y`}
          />
          {errorText(`${p}-message-err`, errors.messageErr, t(MT.errMessage))}
        </div>
      )}
      <p role="alert" className="min-h-5 text-sm font-medium text-danger-600">
        {failure}
      </p>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending} aria-busy={sending}>
        {sending ? t(MT.sending) : (props.submitLabel ?? t(T.sendRequest))}
      </button>
    </form>
  );
}
