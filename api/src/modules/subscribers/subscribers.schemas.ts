import { z } from '@hono/zod-openapi';
import { CATEGORY_KEYS } from '../../lib/categories.ts';

/**
 * Versions of the marketing-consent text the site shows on the e-mail step (site/src/lib/newsletter.ts).
 * A new wording gets a new version; old versions stay valid for the record.
 */
export const CONSENT_VERSIONS = ['2026-11-01'] as const;

const optionalHandle = (pattern: RegExp, example: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.union([z.literal(''), z.string().regex(pattern, 'Not a valid account name')]))
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .openapi({ example });

export const SubscribeBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Not a valid e-mail address'))
      .openapi({ example: 'anna@example.se' }),
    marketingConsent: z.literal(true, 'Marketing consent is required'),
    consentVersion: z.enum(CONSENT_VERSIONS),
    // Instagram allows letters, digits, dots and underscores, up to 30; TikTok the same, 2 to 24.
    instagramName: optionalHandle(/^[A-Za-z0-9._]{1,30}$/, 'anna.creates'),
    tiktokName: optionalHandle(/^[A-Za-z0-9._]{2,24}$/, 'annacreates'),
    categories: z
      .array(z.enum(CATEGORY_KEYS))
      .min(1, 'Choose at least one category')
      .max(CATEGORY_KEYS.length)
      .refine((list) => new Set(list).size === list.length, 'Categories must not repeat'),
    locale: z.enum(['sv', 'en']).default('sv'),
  })
  .superRefine((body, ctx) => {
    if (!body.instagramName && !body.tiktokName) {
      for (const path of ['instagramName', 'tiktokName']) {
        ctx.addIssue({ code: 'custom', path: [path], message: 'Give an Instagram or a TikTok name' });
      }
    }
  })
  .openapi('SubscribeBody');

export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

export const SubscribeResultSchema = z
  .object({ status: z.literal('pending_confirmation') })
  .openapi('SubscribeResult', {
    description: 'Always the same, whether the address was new, pending or confirmed: it reveals nothing.',
  });

export const TokenBodySchema = z.object({ token: z.string().trim().min(1).max(200) }).openapi('TokenBody');
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const SubscriptionStatusSchema = z
  .object({ status: z.enum(['confirmed', 'unsubscribed']) })
  .openapi('SubscriptionStatus');
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const SiteStatsSchema = z
  .object({
    creators: z.number().int(),
    brands: z.number().int(),
    campaigns: z.number().int(),
    paidOut: z.object({ amount: z.number().int().openapi({ description: 'Öre' }), currency: z.literal('SEK') }),
    subscribers: z.number().int().openapi({ description: 'Confirmed newsletter subscribers only' }),
  })
  .openapi('SiteStats');
export type SiteStats = z.infer<typeof SiteStatsSchema>;
