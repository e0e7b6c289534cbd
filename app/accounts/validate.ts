/** Spec 5 and 9: minimum password length (more than 5 characters). */
export const MIN_PASSWORD_LENGTH = 6;

/** Spec 5: the standard e-mail pattern (WHATWG input type=email). */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True when `email` (trimmed) matches the standard e-mail pattern and has a dotted domain. */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= 254 && EMAIL_PATTERN.test(e);
}

/** True when the password is long enough (spec 5: more than 5 characters). */
export function isValidPassword(password: string): boolean {
  return password.length >= MIN_PASSWORD_LENGTH;
}
