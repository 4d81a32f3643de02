import { timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, a new code every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after now are accepted too, for clocks a little apart (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
const ISSUER = 'Kollab';

/** The time step a moment falls in: the counter the code is computed from. */
export function totpStep(at: Date = new Date()): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** A new 160-bit secret (the size RFC 4226 recommends for HMAC-SHA-1). */
export function generateTotpSecret(): Uint8Array {
  const key = new Uint8Array(20);
  crypto.getRandomValues(key);
  return key;
}

/** The `otpauth://` URI an authenticator app scans from the QR code. */
export function totpKeyUri(accountName: string, key: Uint8Array): string {
  return createTOTPKeyURI(ISSUER, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

/** The code for a step (what the authenticator app shows then). */
export function totpCode(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

function sameCode(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The step whose code `code` is, within the drift window around `at`, and later than
 * `lastUsedStep`: a code that has been used once (or an older one) is never accepted again.
 * Null when it matches no such step.
 */
export function matchTotpStep(
  key: Uint8Array,
  code: string,
  lastUsedStep: number | null,
  at: Date = new Date(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(at);
  let matched: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    // Every candidate is compared, so the time taken does not tell which step matched.
    if (sameCode(totpCode(key, step), code) && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}
