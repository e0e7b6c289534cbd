import { checkDomainInput } from "../url-check.ts";

/** Spec 3 request subject type values (labels are seeded in request_subject_types). */
export const SUBJECT = {
  consultation: 1,
  promotion: 8,
  analytics: 3,
  content: 17,
  dashboard: 15,
  reseller: 14,
  affiliate: 18,
  ssl: 16,
  api: 6,
} as const;

/** Every spec 3 subject type value, in the spec's order. */
export const SUBJECT_VALUES = [1, 8, 3, 17, 15, 14, 18, 16, 6] as const;

/** A spec 3 subject type value. */
export type SubjectType = (typeof SUBJECT_VALUES)[number];

/** True for a spec 3 subject type value. */
export function isSubjectType(v: number): v is SubjectType {
  return (SUBJECT_VALUES as readonly number[]).includes(v);
}

/** Spec 8 red-field flags of the request forms; true = the field is shown red. */
export interface RequestFieldErrors {
  usernameErr: boolean;
  emailErr: boolean;
  phoneErr: boolean;
  messageErr: boolean;
  websiteErr: boolean;
}

/** The fields the request forms check. `phoneValid` is the answer of the phone validity call. */
export interface RequestFieldValues {
  username: string;
  email: string;
  message: string;
  website?: string;
  phoneValid: boolean;
}

const blank = (s: string | undefined) => (s ?? "").trim() === "";

/** True when no flag is set. */
export function hasNoErrors(e: RequestFieldErrors): boolean {
  return !e.usernameErr && !e.emailErr && !e.phoneErr && !e.messageErr && !e.websiteErr;
}

/**
 * Spec 5 manager request form (and spec 6 roles): outside the support page the phone must be
 * valid and name, e-mail and message non-blank (only non-blank is enforced for the e-mail). On
 * the support page a logged-in user gives only the message; guests give everything.
 */
export function checkManagerRequest(v: RequestFieldValues, ctx: { supportPage: boolean; loggedIn: boolean }): RequestFieldErrors {
  const onlyMessage = ctx.supportPage && ctx.loggedIn;
  return {
    usernameErr: !onlyMessage && blank(v.username),
    emailErr: !onlyMessage && blank(v.email),
    phoneErr: !onlyMessage && !v.phoneValid,
    messageErr: blank(v.message),
    websiteErr: false,
  };
}

/**
 * Spec 5 start request form: subject 17 needs a valid website URL and drops the e-mail;
 * otherwise the e-mail is required. Phone valid, name non-blank, message non-blank unless
 * `messageDisabled`.
 * @returns the flags and whether the e-mail is dropped from the payload.
 */
export function checkStartRequest(
  v: RequestFieldValues,
  ctx: { subject: number; messageDisabled: boolean; allowLoopback?: boolean },
): { errors: RequestFieldErrors; dropEmail: boolean } {
  const content = ctx.subject === SUBJECT.content;
  return {
    errors: {
      usernameErr: blank(v.username),
      emailErr: !content && blank(v.email),
      phoneErr: !v.phoneValid,
      messageErr: !ctx.messageDisabled && blank(v.message),
      websiteErr: content && !checkDomainInput(v.website ?? "", { allowLoopback: ctx.allowLoopback ?? false }).ok,
    },
    dropEmail: content,
  };
}
