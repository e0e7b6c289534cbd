import { useState, type FormEvent } from "react";
import type { CountryCode } from "libphonenumber-js";
import { PhoneInput } from "../../components/phone-input.tsx";
import { LANGUAGES, localizePath } from "../../../common/i18n/languages.ts";
import { T } from "../../i18n/text-ids.ts";
import { useT } from "../../i18n/use-texts.ts";
import { accountCall } from "../auth-client.ts";
import { Field, FormMessage } from "../field.tsx";
import { AT } from "../../../common/accounts/text-ids.ts";
import { Section, type FormStatus } from "./section.tsx";

/** Profile fields as /settings loads them. */
export interface ProfileValues {
  name: string;
  phone: string;
  phoneCountryCode: string;
  company: string;
  lang: string;
}

/**
 * Profile: name, phone (the phone input of spec 5), company and interface language. Saving in
 * another language moves the page to that language's /settings.
 */
export function ProfileCard({ values }: { values: ProfileValues }) {
  const t = useT();
  const [status, setStatus] = useState<FormStatus>({ busy: false, message: null });
  const [phone, setPhone] = useState({ text: values.phone, country: values.phoneCountryCode });
  const [nameErr, setNameErr] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (status.busy) return;
    const form = new FormData(e.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const lang = String(form.get("lang") ?? "en");
    setNameErr(!name);
    if (!name) return;
    setStatus({ busy: true, message: null });
    const text = phone.text.trim().length < 6 ? "" : phone.text.trim();
    const r = await accountCall("/api/settings/profile", {
      name,
      company: String(form.get("company") ?? ""),
      lang,
      phone: text,
      phone_country_code: text ? phone.country : "",
    });
    setStatus({ busy: false, message: r.ok ? { id: AT.saved, error: false } : { id: r.message, error: true } });
    if (r.ok && lang !== values.lang) window.location.assign(localizePath(lang, "/settings"));
  }
  return (
    <Section title={t(AT.profile)}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t(AT.profile)}>
        <Field
          label={t(AT.nameLabel)}
          name="name"
          defaultValue={values.name}
          autoComplete="name"
          required
          error={nameErr ? t(AT.nameLabel) : undefined}
        />
        <Field label={t(AT.company)} name="company" defaultValue={values.company} autoComplete="organization" />
        <div>
          <label htmlFor="settings-phone" className="block text-sm font-medium text-ink-700">
            {t(T.phone, "Phone")}
          </label>
          <PhoneInput
            id="settings-phone"
            className="mt-1"
            defaultText={values.phone}
            defaultCountry={(values.phoneCountryCode || undefined) as CountryCode | undefined}
            onChange={(c) => setPhone({ text: c.text, country: c.country })}
          />
        </div>
        <div>
          <label htmlFor="settings-lang" className="block text-sm font-medium text-ink-700">
            {t(AT.interfaceLanguage)}
          </label>
          <select
            id="settings-lang"
            name="lang"
            defaultValue={values.lang}
            className="mt-1 block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5 text-ink-900 shadow-sm focus:border-forge-500 focus:ring-2 focus:ring-forge-500/40 focus:outline-none"
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.bcp47}>
                {l.nativeName}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={status.busy}>
            {t(AT.save)}
          </button>
          {status.message ? <FormMessage kind={status.message.error ? "error" : "notice"}>{t(status.message.id)}</FormMessage> : null}
        </div>
      </form>
    </Section>
  );
}
