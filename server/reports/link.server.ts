/**
 * Signed, expiring download links of report files (issue 11 point 2; spec 7
 * GET /api/download/report{link}). A link is `/{fileId}.{expiresUnixSeconds}.{hmac}`: whoever holds
 * it may download that one file until it expires (e-mailed links work signed out).
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a download link stays valid, in ms. */
export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;

const mac = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`report-file:${payload}`).digest("base64url").slice(0, 32);

/** The link of file `fileId`, valid for {@link LINK_TTL_MS} from `now` (ms). */
export function signLink(secret: string, fileId: number, now = Date.now()): string {
  const payload = `${fileId}.${Math.floor((now + LINK_TTL_MS) / 1000)}`;
  return `/${payload}.${mac(secret, payload)}`;
}

/** The file id a link names, or null when it is malformed, forged or expired. */
export function verifyLink(secret: string, link: string, now = Date.now()): number | null {
  const m = /^\/?(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(link);
  if (!m) return null;
  const expected = Buffer.from(mac(secret, `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(m[2]) * 1000 < now) return null;
  return Number(m[1]);
}
