import { isOriginRefusal } from "../../common/accounts/origin-refusal.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { pageLanguageHeader } from "../lib/api.ts";

/** The outcome of an account call: ok, or the text id of the message to show (and the server's code). */
export type AuthResult = { ok: true; data: unknown } | { ok: false; message: number; code: string };

/** Maps an HTTP status and error code (better-auth's `code` or our `{ error: { code } }`) to a text id. */
export function authErrorText(status: number, code: string): number {
  if (status === 429 || code === "rate_limited") return AT.tooManyAttempts;
  if (code === "EMAIL_NOT_VERIFIED") return AT.emailNotVerified;
  if (code === "ACCOUNT_DELETED") return AT.accountDeletedSignIn;
  if (code === "INVALID_EMAIL") return AT.invalidEmail;
  if (code === "PASSWORD_TOO_SHORT") return AT.passwordTooShort;
  if (code === "INVALID_TOKEN") return AT.linkInvalid;
  if (isOriginRefusal(code)) return AT.originNotConfigured;
  if (status === 401 || code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_PASSWORD") return AT.badCredentials;
  return AT.somethingWrong;
}

/** POSTs JSON to an account endpoint (/api/auth/* or /api/settings/*) and maps failures to a message. */
export async function accountCall(path: string, body: unknown = {}): Promise<AuthResult> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...pageLanguageHeader() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, message: AT.networkError, code: "network" };
  }
  const json = (await res.json().catch(() => null)) as { code?: string; error?: { code?: string } } | null;
  if (res.ok) return { ok: true, data: json };
  const code = json?.code ?? json?.error?.code ?? "";
  return { ok: false, message: authErrorText(res.status, code), code };
}

/** The absolute URL of a path on this site, for callback and redirect URLs. */
export function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
