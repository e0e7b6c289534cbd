/**
 * Webhook signatures (issue 13.3 and 13.5; research/payments.md 1C and 2), computed over the raw
 * body bytes and compared in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** FastSpring X-FS-Signature: base64 HMAC-SHA256 of the raw body. */
export function fastspringSignature(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
}

/** True when `header` is the FastSpring signature of `rawBody` (a missing header fails). */
export function verifyFastspring(secret: string, rawBody: string, header: string | null | undefined): boolean {
  if (!secret || !header) return false;
  return safeEqual(fastspringSignature(secret, rawBody), header.trim());
}

/** Stripe-Signature header `t=<unix>,v1=<hex>` for `rawBody` at `timestamp` (seconds). */
export function stripeSignatureHeader(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Verifies a Stripe-Signature header: any v1 matches HMAC-SHA256(`${t}.${body}`) in hex, and
 * |now − t| ≤ `toleranceS`. `nowS` is the current time in seconds.
 */
export function verifyStripe(
  secret: string,
  rawBody: string,
  header: string | null | undefined,
  toleranceS: number,
  nowS: number,
): boolean {
  if (!secret || !header) return false;
  let t = NaN;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === "t") t = Number(v);
    if (k === "v1" && v) v1.push(v);
  }
  if (!Number.isSafeInteger(t) || Math.abs(nowS - t) > toleranceS || v1.length === 0) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${rawBody}`, "utf8").digest("hex");
  return v1.some((sig) => safeEqual(expected, sig));
}
