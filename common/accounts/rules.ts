/**
 * The one implementation of the account field rules (spec 5 and 9, issue 8 item 2), shared by the
 * browser forms, the server's input schemas and better-auth. Isomorphic: no Node or DOM APIs.
 */

/** Spec 5 and 9: a password needs more than 5 characters. */
export const MIN_PASSWORD_LENGTH = 6;
/** Longest password accepted (better-auth's maxPasswordLength), in characters. */
export const MAX_PASSWORD_LENGTH = 128;
/** Longest e-mail address (RFC 5321 path limit), in characters. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Spec 5: the standard e-mail pattern (WHATWG input type=email), with a dotted domain: an account
 * address must be deliverable, so `a@b` is refused.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True when `email` (trimmed) has at most {@link MAX_EMAIL_LENGTH} characters and matches {@link EMAIL_PATTERN}. */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(e);
}

/** True when the password has {@link MIN_PASSWORD_LENGTH} to {@link MAX_PASSWORD_LENGTH} characters. */
export function isValidPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH && password.length <= MAX_PASSWORD_LENGTH;
}
