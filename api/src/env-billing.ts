import { z } from 'zod';
import { isValidOcr } from './lib/ocr.ts';
import { parseOrgNumber } from './lib/org-number.ts';
import { LEDGER_TO_BAS, parseChartOverrides } from './modules/billing/sie/chart.ts';

/**
 * Kollab's own details printed on invoices and in the SIE export (ADR 024), part of the settings
 * `env.ts` validates. The defaults are well-formed placeholders so that a fresh clone issues
 * complete invoices; production sets the company's real numbers.
 */
export const billingSettings = {
  BILLING_SELLER_NAME: z.string().trim().min(2).default('Kollab AB'),
  /** Lines separated by commas: "Sveavägen 1, 111 57 Stockholm". */
  BILLING_SELLER_ADDRESS: z.string().trim().min(5).default('Sveavägen 1, 111 57 Stockholm'),
  BILLING_ORG_NUMBER: z
    .string()
    .trim()
    .default('559012-3450')
    .transform((value, ctx) => {
      const parsed = parseOrgNumber(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({
        code: 'custom',
        message: 'expected a Swedish organisation number (NNNNNN-NNNN, valid check digit)',
      });
      return z.NEVER;
    }),
  BILLING_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^SE\d{10}01$/, 'expected a Swedish VAT number: SE, the 10-digit organisation number and 01')
    .default('SE559012345001'),
  /** Kollab's Bankgiro number (7 or 8 digits with a 10-modul check digit, written NNN-NNNN or NNNN-NNNN). */
  BILLING_BANKGIRO: z
    .string()
    .trim()
    .default('5050-1055')
    .refine(
      (value) => /^\d{3,4}-?\d{4}$/.test(value) && isValidOcr(value.replace('-', '')),
      'expected a Bankgiro number such as 5050-1055 (check digit by the 10-modul method)',
    ),
  BILLING_PAYMENT_TERMS_DAYS: z.coerce
    .number({ message: 'expected a whole number of days' })
    .int('expected a whole number of days')
    .min(0, 'expected at least 0 days')
    .max(90, 'expected at most 90 days')
    .default(30),
  /** Overrides of the chart of accounts, "ledger_account=BAS number" separated by commas. */
  SIE_ACCOUNTS: z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      const parsed = parseChartOverrides(value);
      if (typeof parsed !== 'string') return { ...LEDGER_TO_BAS, ...parsed };
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }),
};
