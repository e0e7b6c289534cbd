import type { TextRef } from "../../common/i18n/message.ts";
import { DOMAIN_REQUIRED_ERROR, checkDomainInput } from "../../common/url-check.ts";
import { AppError, errorText } from "../errors.server.ts";

/** Answer of POST /api/pagespeed/filter_url (spec 7): the filtered URL and the domain as entered, with a typed port kept (host:port). */
export interface FilteredUrl {
  url: string;
  domain_before: string;
}

/** The text of a domain start box error (spec 8: 'Enter your domain' 9767, 'Enter your valid domain' 9787). */
export function domainErrorText(error: string): TextRef {
  return errorText(error === DOMAIN_REQUIRED_ERROR ? 9767 : 9787);
}

/**
 * Filters a user-typed site address (spec 5 "Domain start box", spec 7 filter_url).
 * @throws AppError "validation" on `field` (default "url") with 'Enter your domain' or 'Enter your valid domain'.
 */
export function filterUrl(input: string, opts: { allowLoopback: boolean; field?: string }): FilteredUrl {
  const checked = checkDomainInput(input, { allowLoopback: opts.allowLoopback });
  if (!checked.ok) throw new AppError("validation", domainErrorText(checked.error), opts.field ?? "url");
  return { url: checked.url, domain_before: new URL(checked.url).host };
}
