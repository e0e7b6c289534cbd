import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** Spec 5 and 9 phone input constants and defaults. */
export const PHONE = {
  /** The input's maxlength attribute (characters). */
  maxLength: 25,
  /** Typed or pasted text longer than this (characters) is rejected. */
  textLimit: 250,
  /** A value shorter than this (characters) counts as empty. */
  minLength: 6,
  /** Library maximum of a national significant number (digits) and its minimum. */
  nationalMaxDigits: 17,
  nationalMinDigits: 2,
  /** Library maximum of an extension (digits). */
  extensionMaxDigits: 20,
  type: "tel",
  name: "telephone",
  placeholder: "Enter a phone number",
  defaultCountry: "US" as CountryCode,
  preferredCountries: ["US", "GB"] as CountryCode[],
  /** Type-to-find buffer in the open country list resets after this many ms. */
  typeToFindResetMs: 700,
  /** The list opens below the field when more than this many px are free below, else above. */
  openBelowMinSpacePx: 200,
} as const;

/** Spec 9 phone input options and their defaults. */
export interface PhoneInputOptions {
  autoFormat: boolean;
  autoDefaultCountry: boolean;
  mode: PhoneMode;
  /** Show the dial code next to each country in the list. */
  showDialCode: boolean;
  flags: boolean;
  digitsOnly: boolean;
}

/** auto: international when the text starts with "+", else national; or forced. */
export type PhoneMode = "auto" | "national" | "international";

/**
 * Spec 9 defaults: autoFormat on, autoDefaultCountry on, mode auto, dial code shown, flags on.
 * The spec's "search box off" holds always: the list has type-to-find and no search box.
 */
export const DEFAULT_PHONE_OPTIONS: PhoneInputOptions = {
  autoFormat: true,
  autoDefaultCountry: true,
  mode: "auto",
  showDialCode: true,
  flags: true,
  digitsOnly: false,
};

/** Whether a country code is in the dial-code table. */
export function isPhoneCountry(code: string): code is CountryCode {
  return (getCountries() as string[]).includes(code);
}

/** Spec 5: international mode when forced, or in auto mode when the number starts with a plus. */
export function isInternational(text: string, mode: PhoneMode): boolean {
  return mode === "international" || (mode === "auto" && text.trimStart().startsWith("+"));
}

/** Spec 5 digits-only mode: keeps only digits, spaces, plus, hyphen and parentheses. */
export function digitsOnly(text: string): string {
  return text.replace(/[^0-9 +\-()]/g, "");
}

/** Digits of a text (no plus, spaces or punctuation). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** Why a number cannot be accepted as typed: too long above the library maximum, or null. */
export function tooLong(text: string, country: CountryCode): boolean {
  const [main = "", ...ext] = text.split(/\s*(?:ext\.?|x|#|;ext=)\s*/i);
  if (phoneDigits(ext.join("")).length > PHONE.extensionMaxDigits) return true;
  const parsed = parsePhoneNumberFromString(main, isInternational(main, "auto") ? undefined : country);
  const national = parsed ? parsed.nationalNumber : phoneDigits(main);
  return national.length > PHONE.nationalMaxDigits;
}

/** The state of the field after a change: the shown text and the country it belongs to. */
export interface PhoneFieldState {
  text: string;
  country: CountryCode;
}

/**
 * Applies one edit to the phone field (spec 5, 9): texts over 250 characters and numbers too
 * long for the library are rejected (the previous state is kept); digits-only mode filters the
 * characters; international mode prefixes the dial code and follows the country the number
 * belongs to; autoFormat formats as you type (libphonenumber-js AsYouType). Deleting keeps the
 * raw text so the caret can pass formatting characters.
 */
export function applyPhoneEdit(
  prev: PhoneFieldState,
  raw: string,
  opts: Pick<PhoneInputOptions, "autoFormat" | "mode" | "digitsOnly">,
): PhoneFieldState {
  if (raw.length > PHONE.textLimit) return prev;
  let text = opts.digitsOnly ? digitsOnly(raw) : raw;
  const intl = isInternational(text, opts.mode);
  if (intl && !text.trimStart().startsWith("+") && phoneDigits(text)) text = `+${getCountryCallingCode(prev.country)}${text}`;
  if (text.length > PHONE.textLimit || tooLong(text, prev.country)) return prev;
  let country = prev.country;
  if (intl) {
    const typer = new AsYouType();
    typer.input(text);
    const detected = typer.getCountry();
    if (detected) country = detected;
  }
  const deleting = raw.length < prev.text.length;
  if (!opts.autoFormat || deleting || /[a-z]/i.test(text)) return { text, country };
  const formatted = intl ? new AsYouType().input(text) : new AsYouType(country).input(text);
  return { text: formatted, country };
}

/**
 * The field's text when the user picks another country: an international number has its dial
 * code replaced; a national one is reformatted for the new country.
 */
export function switchCountry(
  prev: PhoneFieldState,
  next: CountryCode,
  opts: Pick<PhoneInputOptions, "autoFormat" | "mode">,
): PhoneFieldState {
  const intl = isInternational(prev.text, opts.mode);
  if (!intl) return { text: opts.autoFormat ? new AsYouType(next).input(prev.text) : prev.text, country: next };
  const parsed = parsePhoneNumberFromString(prev.text);
  const national = parsed ? parsed.nationalNumber : "";
  const text = `+${getCountryCallingCode(next)}${national ? " " + national : " "}`;
  return { text: opts.autoFormat && national ? new AsYouType().input(text) : text, country: next };
}

/**
 * The number the field holds, in international E.164 form ("+4930123456"), or "" when the text
 * is shorter than 6 characters (spec 5: cleared) or not a number.
 */
export function phoneValue(state: PhoneFieldState): string {
  if (state.text.trim().length < PHONE.minLength) return "";
  const parsed = parsePhoneNumberFromString(state.text, isInternational(state.text, "auto") ? undefined : state.country);
  return parsed ? parsed.number : "";
}

/** Spec 5/7: the number as the validity call takes it: spaces and plus signs stripped. */
export function phoneQueryNumber(value: string): string {
  return value.replace(/[\s+]/g, "");
}

/** Country flag image URL (served by GET /api/phone/flag/:code). */
export function flagUrl(code: string): string {
  return `/api/phone/flag/${code}.svg`;
}
