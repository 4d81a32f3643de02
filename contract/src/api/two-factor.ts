import { z } from 'zod';

/** The second factor of the signed-in account (ADR 024). */
export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.iso.datetime().nullable(),
    /** Recovery codes not yet used; 0 when two-factor is off. */
    recoveryCodesLeft: z.number().int().min(0),
    /** Admins cannot turn it off. */
    required: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z
  .object({
    /** The secret in base32, for typing into an app that cannot scan. */
    secret: z.string().meta({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }),
    /** The `otpauth://totp/…` URI the QR code holds. */
    uri: z.string(),
  })
  .meta({ id: 'TwoFactorSetup', description: 'A new secret, active once a code from it is confirmed.' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorCodeBodySchema = z
  .object({ code: z.string().trim().max(64).meta({ example: '123456' }) })
  .meta({ id: 'TwoFactorCodeBody' });

export const RecoveryCodesSchema = z
  .object({
    /** Shown once; each works one time in place of an app code. Only their hashes are kept. */
    recoveryCodes: z.array(z.string()).meta({ example: ['k3m9x-q2w7p'] }),
  })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const TwoFactorStatusAnswerSchema = z
  .object({ data: TwoFactorStatusSchema })
  .meta({ id: 'TwoFactorStatusAnswer' });
export const TwoFactorSetupAnswerSchema = z.object({ data: TwoFactorSetupSchema }).meta({ id: 'TwoFactorSetupAnswer' });
export const RecoveryCodesAnswerSchema = z.object({ data: RecoveryCodesSchema }).meta({ id: 'RecoveryCodesAnswer' });
