import { z } from 'zod';
import { CATEGORY_KEYS } from '../categories.ts';

export const CategorySchema = z.object({ key: z.string(), sv: z.string(), en: z.string() }).meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;
export const CategoryListSchema = z.object({ data: z.array(CategorySchema) }).meta({ id: 'CategoryList' });

export const CreatorProfileSchema = z
  .object({
    categories: z.array(z.string()),
    instagramHandle: z.string().nullable(),
    instagramFollowers: z.number().int().nullable(),
    tiktokHandle: z.string().nullable(),
    tiktokFollowers: z.number().int().nullable(),
    bio: z.string().nullable(),
  })
  .meta({ id: 'CreatorProfile' });

export type CreatorProfileView = z.infer<typeof CreatorProfileSchema>;
export const CreatorProfileEnvelopeSchema = z
  .object({ data: CreatorProfileSchema })
  .meta({ id: 'CreatorProfileResponse' });

const handle = z.string().trim().max(200, 'invalid_handle').nullable().optional();

export const UpdateCreatorProfileBodySchema = z
  .object({
    categories: z
      .array(z.enum(CATEGORY_KEYS, { message: 'unknown_category' }), { message: 'required' })
      .min(1, 'required')
      .max(CATEGORY_KEYS.length, 'too_many'),
    instagramHandle: handle,
    tiktokHandle: handle,
    bio: z.string().trim().max(500, 'too_long').nullable().optional(),
  })
  .strict()
  .meta({ id: 'UpdateCreatorProfileBody' });

export type UpdateCreatorProfileBody = z.infer<typeof UpdateCreatorProfileBodySchema>;
