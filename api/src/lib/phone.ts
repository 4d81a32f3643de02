import type { Result } from '@kollab/contract/result';

export type SwishNumber = {
  /** E.164, e.g. '+46701234567'. */
  number: string;
  /** 'Swish •••• 4567' */
  masked: string;
};

/** Converts the input to '+<digits>' (not yet length-checked), or null if it cannot be a phone number. */
function toInternational(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  let international: string;
  if (/^\+\d+$/.test(compact)) international = compact;
  else if (/^00\d+$/.test(compact)) international = `+${compact.slice(2)}`;
  else if (/^0\d+$/.test(compact)) international = `+46${compact.slice(1)}`;
  else return null;
  // '+46 (0)70 …' is a common way of writing Swedish numbers: drop the trunk 0.
  return international.startsWith('+460') ? `+46${international.slice(4)}` : international;
}

/** Normalises a Swedish or international phone number to E.164 ('+46701234567'). */
export function parsePhone(input: string): Result<string> {
  const number = toInternational(input);
  if (number === null || !/^\+[1-9]\d{7,14}$/.test(number)) return { ok: false, error: 'invalid_phone' };
  // Swedish national numbers (after the trunk 0) are 7–9 digits and never start with 0.
  if (number.startsWith('+46') && !/^\+46[1-9]\d{6,8}$/.test(number)) return { ok: false, error: 'invalid_phone' };
  return { ok: true, value: number };
}

/** Validates a Swedish mobile number usable with Swish (07[02369]…) and normalises it to E.164. */
export function parseSwishNumber(input: string): Result<SwishNumber> {
  const phone = parsePhone(input);
  if (!phone.ok || !/^\+467[02369]\d{7}$/.test(phone.value)) return { ok: false, error: 'invalid_swish_number' };
  return { ok: true, value: { number: phone.value, masked: `Swish •••• ${phone.value.slice(-4)}` } };
}
