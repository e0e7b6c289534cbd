import { isValidPhoneNumber } from "libphonenumber-js";

/**
 * Spec 7 phone validation: spaces and plus signs are stripped, the rest must be the digits of
 * an international number (dial code first) that libphonenumber-js finds valid.
 */
export function isValidPhone(number: string): boolean {
  const digits = number.replace(/[\s+]/g, "");
  if (!/^\d{3,32}$/.test(digits)) return false;
  return isValidPhoneNumber(`+${digits}`);
}
