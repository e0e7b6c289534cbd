import { checkDomainInput } from "../../common/url-check.ts";
import { AppError } from "../errors.server.ts";

/** Answer of POST /api/pagespeed/filter_url (spec 7): the filtered URL and the domain as entered, with a typed port kept (host:port). */
export interface FilteredUrl {
  url: string;
  domain_before: string;
}

/**
 * Filters a user-typed site address (spec 5 "Domain start box", spec 7 filter_url).
 * @throws AppError "validation" on `field` (default "url") with 'Enter your domain' or 'Enter your valid domain'.
 */
export function filterUrl(input: string, opts: { allowLoopback: boolean; field?: string }): FilteredUrl {
  const checked = checkDomainInput(input, { allowLoopback: opts.allowLoopback });
  if (!checked.ok) throw new AppError("validation", checked.error, opts.field ?? "url");
  return { url: checked.url, domain_before: new URL(checked.url).host };
}
