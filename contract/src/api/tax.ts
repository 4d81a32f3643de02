import { z } from 'zod';
import { luhnValid } from '../luhn.ts';
import { parsePersonalNumber } from '../personal-number.ts';
import type { Result } from '../result.ts';

/**
 * The number an F-skatt creator invoices under: an organisationsnummer (NNNNNN-NNNN, Luhn, third
 * digit at least 2; the 16-prefixed 12-digit form too) or a sole trader's personnummer (a real
 * date, Luhn), normalised to 'NNNNNN-NNNN' or 'YYYYMMDD-NNNN'.
 */
export function parseBusinessNumber(input: string, now: Date = new Date()): Result<string> {
  const compact = input.trim().replace(/[\s-]/g, '');
  const ten = /^16\d{10}$/.test(compact) ? compact.slice(2) : compact;
  if (/^\d{10}$/.test(ten) && Number(ten[2]) >= 2 && luhnValid(ten)) {
    return { ok: true, value: `${ten.slice(0, 6)}-${ten.slice(6)}` };
  }
  const person = parsePersonalNumber(input.trim(), now);
  if (person.ok) return { ok: true, value: person.value.normalized };
  return { ok: false, error: 'invalid_org_number' };
}

export const TAX_STATUSES = ['private', 'f_tax'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

export const TaxProfileSchema = z
  .object({
    status: z.enum(TAX_STATUSES),
    /** False until the creator has chosen: the default then is a private person. */
    saved: z.boolean(),
    orgNumber: z.string().nullable(),
    vatRegistered: z.boolean(),
    /** Whether a birth date is known (BankID or the typed personal number): it decides the contribution rate. */
    birthDateKnown: z.boolean(),
  })
  .meta({ id: 'TaxProfile' });
export type TaxProfileView = z.infer<typeof TaxProfileSchema>;

export const ClaimTaxStatusSchema = z
  .object({ status: z.enum(TAX_STATUSES), saved: z.boolean() })
  .meta({ id: 'ClaimTaxStatus' });

export const UpdateTaxProfileBodySchema = z
  .discriminatedUnion(
    'status',
    [
      z.object({ status: z.literal('private') }).strict(),
      z
        .object({
          status: z.literal('f_tax'),
          orgNumber: z
            .string({ message: 'required' })
            .trim()
            .min(1, 'required')
            .max(20, 'invalid_org_number')
            .refine((value) => parseBusinessNumber(value).ok, 'invalid_org_number'),
          vatRegistered: z.boolean({ message: 'required' }),
        })
        .strict(),
    ],
    { message: 'invalid_status' },
  )
  .meta({ id: 'UpdateTaxProfileBody' });
export type UpdateTaxProfileBody = z.infer<typeof UpdateTaxProfileBodySchema>;

const figures = {
  payoutOre: z.number().int(),
  grossOre: z.number().int(),
  contributionsOre: z.number().int(),
  taxOre: z.number().int(),
  netOre: z.number().int(),
  vatOre: z.number().int(),
};

export const PayoutBreakdownSchema = z
  .object({
    status: z.enum(TAX_STATUSES),
    ...figures,
    catchUpContributionsOre: z.number().int(),
    /** Hundredths of a percent: 3142 = 31.42 %. */
    contributionBasisPoints: z.number().int(),
    taxBasisPoints: z.number().int(),
    underThreshold: z.boolean(),
    /** The date the split was computed for (today, Europe/Stockholm). */
    paidOn: z.string(),
  })
  .meta({ id: 'PayoutBreakdown' });
export type PayoutBreakdown = z.infer<typeof PayoutBreakdownSchema>;

export const CreatorEarningSchema = z
  .object({
    id: z.string(),
    claimId: z.string(),
    campaignTitle: z.string(),
    status: z.enum(TAX_STATUSES),
    ...figures,
    contributionBasisPoints: z.number().int(),
    taxBasisPoints: z.number().int(),
    underThreshold: z.boolean(),
    paidOn: z.string(),
    period: z.string(),
    selfBillingNumber: z.string().nullable(),
  })
  .meta({ id: 'CreatorEarning' });
export type CreatorEarningView = z.infer<typeof CreatorEarningSchema>;

const monthFigures = z.object({
  period: z.string(),
  grossOre: z.number().int(),
  contributionsOre: z.number().int(),
  taxOre: z.number().int(),
  netOre: z.number().int(),
  /** Whole kronor on the employer declaration (ruta 011 and 001); zero for F-skatt pay and pay under the threshold. */
  reportedGrossKr: z.number().int(),
  reportedTaxKr: z.number().int(),
});

export const YearlyStatementSchema = z
  .object({
    year: z.number().int(),
    months: z.array(monthFigures),
    totals: monthFigures.omit({ period: true }),
  })
  .meta({ id: 'YearlyStatement' });
export type YearlyStatement = z.infer<typeof YearlyStatementSchema>;

export const YearQuerySchema = z.object({
  year: z.coerce
    .number({ message: 'invalid_year' })
    .int('invalid_year')
    .min(2020, 'invalid_year')
    .max(2100, 'invalid_year'),
  locale: z.enum(['sv', 'en']).default('sv'),
});

export const EmployerReportQuerySchema = z.object({
  period: z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'invalid_period'),
  format: z.enum(['json', 'xml', 'csv']).default('json'),
});

export const EmployerReportSchema = z
  .object({
    period: z.string(),
    employerId: z.string(),
    persons: z.array(
      z.object({
        specificationNumber: z.number().int(),
        personalNumberMasked: z.string(),
        name: z.string(),
        /** Ruta 011 (kontant ersättning), whole kronor. */
        grossKr: z.number().int(),
        /** Ruta 001 (avdragen preliminär skatt), whole kronor. */
        taxKr: z.number().int(),
        contributionsKr: z.number().int(),
      }),
    ),
    /** Ruta 487 and 497: the totals of the declaration. */
    totalContributionsKr: z.number().int(),
    totalTaxKr: z.number().int(),
    /** Payees left out because no personal number is on file (they must be added by hand). */
    missingPersonalNumbers: z.number().int(),
  })
  .meta({ id: 'EmployerReport' });
export type EmployerReport = z.infer<typeof EmployerReportSchema>;
