import { z } from 'zod';
import { parseBic, parseIban } from './lib/iban.ts';
import { isValidOcr } from './lib/ocr.ts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Kollab's side of the payout rails (ADR 029), part of the settings `env.ts` validates: the debtor
 * account the pain.001 credit-transfer file draws on, and the Swish Payouts API. The defaults are
 * well-formed placeholders so a fresh clone writes valid files; production sets the real account.
 */
export const payoutSettings = {
  PAYOUT_DEBTOR_NAME: z.string().trim().min(2).max(70).default('Kollab AB'),
  /** The account payouts are drawn from (IBAN) and its bank's BIC. */
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .trim()
    .default('SE4550000000058398257466')
    .transform((value, ctx) => {
      const parsed = parseIban(value);
      if (parsed.ok) return parsed.value.iban;
      ctx.addIssue({ code: 'custom', message: 'expected an IBAN (country, check digits, account)' });
      return z.NEVER;
    }),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .trim()
    .default('ESSESESS')
    .transform((value, ctx) => {
      const parsed = parseBic(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: 'expected a BIC of 8 or 11 characters' });
      return z.NEVER;
    }),
  /**
   * When set, the file draws on this Bankgiro number instead (DbtrAcct Othr with SchmeNm/Prtry
   * BGNR), as Bankgirot's Leverantörsbetalningar via ISO 20022 wants it.
   */
  PAYOUT_DEBTOR_BANKGIRO: optionalText.refine(
    (value) => value === undefined || (/^\d{3,4}-?\d{4}$/.test(value) && isValidOcr(value.replace('-', ''))),
    'expected a Bankgiro number such as 5050-1055 (check digit by the 10-modul method)',
  ),
  /** Swish Payouts API base URL (…/swish-cpcapi); unset: `npm start` runs the stand-in (stand-ins/swish). */
  SWISH_URL: optionalText.pipe(z.url({ protocol: /^https$/, message: 'expected an https:// URL' }).optional()),
  /** The Swish number payouts are made from (10 digits, 123…). */
  SWISH_PAYER_ALIAS: z
    .string()
    .trim()
    .regex(/^123\d{7}$/, 'expected a Swish number: 10 digits starting 123')
    .default('1231234567'),
  /** Transport (mutual TLS) certificate and key, and Swish's server CA, PEM. */
  SWISH_CERT_PATH: optionalText,
  SWISH_KEY_PATH: optionalText,
  SWISH_CA_PATH: optionalText,
  /** The payout signing certificate's RSA key (PEM) and the certificate's serial number (hex). */
  SWISH_SIGNING_KEY_PATH: optionalText,
  SWISH_SIGNING_SERIAL: optionalText,
};

/** With SWISH_URL, every certificate setting is needed. */
export function requireSwishCertificates(
  env: Record<string, unknown>,
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
): void {
  for (const key of [
    'SWISH_CERT_PATH',
    'SWISH_KEY_PATH',
    'SWISH_CA_PATH',
    'SWISH_SIGNING_KEY_PATH',
    'SWISH_SIGNING_SERIAL',
  ]) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required with SWISH_URL' });
  }
}
