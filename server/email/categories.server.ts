/**
 * E-mail categories (issue 5). "account" and "requests" are transactional: always delivered and
 * never carry an unsubscribe link. The others can be unsubscribed from (/unsubscribe, RFC 8058
 * headers) and are listed as notification preferences on /settings.
 */
export const EMAIL_CATEGORIES = ["account", "requests", "notifications", "reports", "marketing"] as const;

/** One e-mail category. */
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

/** Categories a recipient may opt out of, in the order /settings lists them. */
export const OPTIONAL_CATEGORIES = ["notifications", "reports", "marketing"] as const satisfies readonly EmailCategory[];

/**
 * The opt-outs a new account starts with (issue 16 point 13, GDPR): marketing e-mail only when the
 * person ticked the (never pre-ticked) box; notifications and reports are on.
 */
export function initialOptOut(marketingOptIn: boolean): OptionalCategory[] {
  return marketingOptIn ? [] : ["marketing"];
}

/** An optional (unsubscribable) category. */
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** True for a category the recipient can unsubscribe from. */
export function isOptionalCategory(c: string): c is OptionalCategory {
  return (OPTIONAL_CATEGORIES as readonly string[]).includes(c);
}
