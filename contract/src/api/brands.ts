import { z } from 'zod';

/** A brand's company details (`GET`/`PUT /api/brand/profile`). */
export const BrandProfileSchema = z
  .object({
    companyName: z.string(),
    orgNumber: z.string().nullable(),
    website: z.string().nullable(),
    instagramHandle: z.string().nullable(),
    instagramPosts: z.number().nullable(),
    instagramFollowers: z.number().nullable(),
    instagramFollowing: z.number().nullable(),
  })
  .meta({ id: 'BrandProfile' });
export const BrandProfileEnvelopeSchema = z
  .object({ data: BrandProfileSchema.nullable() })
  .meta({ id: 'BrandProfileResponse' });
export const UpdateBrandProfileBodySchema = z
  .object({
    companyName: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too_long'),
    orgNumber: z.string().trim().max(20, 'invalid_org_number').nullable().optional(),
    website: z
      .url({ protocol: /^https?$/, message: 'invalid_url' })
      .max(300, 'too_long')
      .nullable()
      .optional(),
    instagramHandle: z.string().trim().max(200, 'invalid_handle').nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateBrandProfileBody' });
export type BrandProfile = z.infer<typeof BrandProfileSchema>;
export type UpdateBrandProfileBody = z.infer<typeof UpdateBrandProfileBodySchema>;
