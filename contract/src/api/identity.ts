import { z } from 'zod';

/** Why Kollab refused a completed BankID identification; nothing on the account changed. */
export const IDENTITY_REFUSALS = ['under_18', 'personal_number_taken', 'wrong_person'] as const;
export type IdentityRefusal = (typeof IDENTITY_REFUSALS)[number];

export const BankIdOrderSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(['identify', 'sign_claim']),
    status: z.enum(['pending', 'complete', 'failed', 'cancelled']),
    hintCode: z.string().nullable().meta({ description: "BankID's hintCode while pending or when failed" }),
    refusal: z.enum(IDENTITY_REFUSALS).nullable().meta({ description: 'Kollab refused what BankID completed' }),
    qrData: z
      .string()
      .nullable()
      .meta({ description: 'The animated QR code content for this second (pending only); ask again every second' }),
    autostartUrl: z.string().nullable().meta({ description: 'Opens BankID on this device (pending only)' }),
  })
  .meta({ id: 'BankIdOrder' });
export type BankIdOrderView = z.infer<typeof BankIdOrderSchema>;

export const IdentitySchema = z
  .object({
    verified: z.boolean(),
    method: z.enum(['bankid']).nullable(),
    verifiedAt: z.string().nullable(),
    name: z.string().nullable(),
    personalNumberMasked: z.string().nullable(),
    requiredFrom: z.string().meta({ description: 'From this Swedish date, withdrawals need a verified identity' }),
  })
  .meta({ id: 'Identity' });
export type IdentityView = z.infer<typeof IdentitySchema>;
