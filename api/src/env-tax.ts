import { z } from 'zod';

/**
 * The contact details on Kollab's employer declaration file (arbetsgivardeklaration, ADR 028),
 * part of the settings `env.ts` validates. The employer's number is BILLING_ORG_NUMBER. The
 * defaults are placeholders so that a fresh clone makes a complete file; production sets its own.
 */
export const taxSettings = {
  EMPLOYER_CONTACT_NAME: z.string().trim().min(2).max(100).default('Kollab lön'),
  EMPLOYER_CONTACT_PHONE: z
    .string()
    .trim()
    .regex(/^[0-9+\- ]{5,20}$/, 'expected a phone number such as 08-123 456 78')
    .default('08-123 456 78'),
  EMPLOYER_CONTACT_EMAIL: z.email({ message: 'expected an e-mail address' }).default('lon@kollab.se'),
};
