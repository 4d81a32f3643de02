import { createHmac } from 'node:crypto';

/**
 * The animated QR code's content at `seconds` whole seconds after the auth/sign answer:
 * `bankid.<qrStartToken>.<seconds>.<hex HMAC-SHA256(qrStartSecret, decimal seconds)>` (BankID's QR guide,
 * ADR 026). Computed on the server every second: `qrStartSecret` never reaches a browser.
 */
export function bankIdQrContent(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be a whole number from 0');
  const code = createHmac('sha256', Buffer.from(qrStartSecret, 'utf8')).update(String(seconds)).digest('hex');
  return `bankid.${qrStartToken}.${seconds}.${code}`;
}

/** Whole seconds from the order's start to `now` (never negative, whatever the clocks say). */
export function secondsSince(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
}
