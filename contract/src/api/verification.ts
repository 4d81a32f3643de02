import { z } from 'zod';

/** The platforms whose accounts a creator can verify with a code in the bio (ADR 032). */
export const VERIFIED_PLATFORMS = ['instagram', 'tiktok'] as const;
export const VerifiedPlatformSchema = z.enum(VERIFIED_PLATFORMS, { message: 'invalid_platform' });
export type VerifiedPlatform = z.infer<typeof VerifiedPlatformSchema>;

/** Where one linked account stands: no code yet, a code waiting in the bio, a code past its time, proven. */
export const VERIFICATION_STATUSES = ['not_started', 'pending', 'expired', 'verified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A linked account as its creator sees it on the profile. */
export const AccountVerificationSchema = z
  .object({
    platform: VerifiedPlatformSchema,
    handle: z.string(),
    status: z.enum(VERIFICATION_STATUSES),
    /** The text to put in the bio (`KOLLAB-7K2Q9`), while pending or expired; null otherwise. */
    code: z.string().nullable(),
    codeExpiresAt: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    /** Followers the provider reported at the successful check. */
    followers: z.number().int().nullable(),
    tier: z.enum(['nano', 'micro']).nullable(),
  })
  .meta({ id: 'AccountVerification' });
export type AccountVerification = z.infer<typeof AccountVerificationSchema>;
export const AccountVerificationEnvelopeSchema = z
  .object({ data: AccountVerificationSchema })
  .meta({ id: 'AccountVerificationResponse' });
export const AccountVerificationListSchema = z
  .object({ data: z.array(AccountVerificationSchema) })
  .meta({ id: 'AccountVerificationList' });

export const VerificationPlatformParamsSchema = z.object({ platform: VerifiedPlatformSchema });

/** One verified account as brands see it: the badge. */
export const VerifiedAccountSchema = z
  .object({
    platform: VerifiedPlatformSchema,
    handle: z.string(),
    followers: z.number().int().nullable(),
    tier: z.enum(['nano', 'micro']).nullable(),
    verifiedAt: z.string(),
  })
  .meta({ id: 'VerifiedAccount' });
export type VerifiedAccount = z.infer<typeof VerifiedAccountSchema>;

/** A creator's verified accounts (an empty list when none is verified). */
export const CreatorVerifiedAccountsSchema = z
  .object({ creatorId: z.string(), accounts: z.array(VerifiedAccountSchema) })
  .meta({ id: 'CreatorVerifiedAccounts' });
export type CreatorVerifiedAccounts = z.infer<typeof CreatorVerifiedAccountsSchema>;
export const VerifiedAccountsListSchema = z
  .object({ data: z.array(CreatorVerifiedAccountsSchema) })
  .meta({ id: 'VerifiedAccountsList' });

/** `ids`: up to 100 creator ids, comma-separated. */
export const VerifiedAccountsQuerySchema = z.object({
  ids: z
    .string({ message: 'required' })
    .max(6500, 'too_long')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64, 'invalid_id')).min(1, 'required').max(100, 'too_many')),
});
