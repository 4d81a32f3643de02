import { z } from 'zod';
import { CATEGORY_KEYS } from '../categories.ts';
import { parseSocialHandle, type SocialPlatform } from '../social-handle.ts';
import { EmailSchema, LocaleSchema, TokenSchema } from './fields.ts';

/**
 * Versions of the marketing-consent text the site shows on the e-mail step (site/src/lib/newsletter.ts).
 * A new wording gets a new version; old versions stay valid for the record.
 */
export const CONSENT_VERSIONS = ['2026-11-01'] as const;

/** An optional Instagram/TikTok name, '@name' or profile link, normalised like creator profiles. */
const optionalHandle = (platform: SocialPlatform, example: string) =>
  z
    .string({ message: 'invalid_handle' })
    .trim()
    .transform((value, ctx) => {
      if (value === '') return undefined;
      const parsed = parseSocialHandle(platform, value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed.value;
    })
    .optional()
    .meta({ type: 'string', example });

/*
 * Messages are snake_case codes (like lib/fields.ts) that the site's subscribe form translates.
 */
export const SubscribeBodySchema = z
  .object({
    email: EmailSchema,
    marketingConsent: z.literal(true, 'consent_required'),
    consentVersion: z.enum(CONSENT_VERSIONS, 'invalid_consent_version'),
    instagramName: optionalHandle('instagram', 'anna.creates'),
    tiktokName: optionalHandle('tiktok', 'annacreates'),
    categories: z
      .array(z.enum(CATEGORY_KEYS, 'invalid_category'), 'categories_required')
      .min(1, 'categories_required')
      .max(CATEGORY_KEYS.length, 'duplicate_category')
      .refine((list) => new Set(list).size === list.length, 'duplicate_category'),
    locale: LocaleSchema.default('sv'),
  })
  .superRefine((body, ctx) => {
    if (!body.instagramName && !body.tiktokName) {
      for (const path of ['instagramName', 'tiktokName']) {
        ctx.addIssue({ code: 'custom', path: [path], message: 'handle_required' });
      }
    }
  })
  .meta({ id: 'SubscribeBody' });

export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

export const SubscribeResultSchema = z.object({ status: z.literal('pending_confirmation') }).meta({
  id: 'SubscribeResult',
  description: 'Always the same, whether the address was new, pending or confirmed: it reveals nothing.',
});

export const TokenBodySchema = z.object({ token: TokenSchema }).meta({ id: 'TokenBody' });
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const SubscriptionStatusSchema = z
  .object({ status: z.enum(['confirmed', 'unsubscribed']) })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SiteStatsSchema = z
  .object({
    creators: z.number().int(),
    brands: z.number().int(),
    campaigns: z.number().int(),
    paidOut: z.object({ amount: z.number().int().meta({ description: 'Öre' }), currency: z.literal('SEK') }),
    subscribers: z.number().int().meta({ description: 'Confirmed newsletter subscribers only' }),
  })
  .meta({ id: 'SiteStats' });
export type SiteStats = z.infer<typeof SiteStatsSchema>;
