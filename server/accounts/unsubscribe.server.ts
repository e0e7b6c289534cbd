import type { OptionalCategory } from "../email/categories.server.ts";
import { verifyUnsubscribeToken } from "../email/unsubscribe-token.server.ts";
import type { Services } from "../services.server.ts";
import { unsubscribeAddress } from "./update-settings.server.ts";

/** What an unsubscribe link names, when its token is valid. */
export interface UnsubscribeTarget {
  email: string;
  category: OptionalCategory;
}

/** Reads an unsubscribe token: the address and category, or null when forged or expired. */
export function readUnsubscribeToken(services: Services, token: string | null | undefined): UnsubscribeTarget | null {
  const claim = token ? verifyUnsubscribeToken(services.cookieSecret, token) : null;
  return claim ? { email: claim.email, category: claim.category } : null;
}

/**
 * One-click unsubscribe (issue 5, RFC 8058): verifies the token and opts the address out of
 * its category. Returns what was unsubscribed, or null for a forged or expired token.
 */
export async function unsubscribeByToken(services: Services, token: string | null | undefined): Promise<UnsubscribeTarget | null> {
  const target = readUnsubscribeToken(services, token);
  if (target) await unsubscribeAddress(services, target.email, target.category);
  return target;
}
