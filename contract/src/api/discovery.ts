import { z } from 'zod';
import {
  CALCULATION_METHODS,
  EMAIL_SEARCH_MAX_EMAILS,
  OVERLAP_MAX_INFLUENCERS,
  OVERLAP_MIN_INFLUENCERS,
  OVERLAP_PLATFORMS,
  PLATFORMS,
} from '../provider/enums.ts';
import { RAW_PLATFORMS } from '../provider/raw-endpoints.ts';

export const PlatformParamSchema = z.object({
  platform: z.enum(PLATFORMS).meta({ param: { name: 'platform', in: 'path' }, example: 'instagram' }),
});

export const OverlapPlatformParamSchema = z.object({
  platform: z.enum(OVERLAP_PLATFORMS).meta({ param: { name: 'platform', in: 'path' }, example: 'instagram' }),
});

/** A handle (with or without `@`) or a provider user id. */
const Handle = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^@?[\p{L}\p{N}._-]+$/u, 'expected a handle or a user id');

export const ReportParamsSchema = PlatformParamSchema.extend({
  userId: Handle.meta({ param: { name: 'userId', in: 'path' }, example: 'cleo.creates' }),
});

/** The cache read (GET): nothing in it can make it spend. */
export const ReportQuerySchema = z.strictObject({
  calculationMethod: z.enum(CALCULATION_METHODS).optional(),
});

/** Fetching a report (POST): from the cache unless `refresh`, otherwise 1 credit. */
export const ReportRequestSchema = z
  .strictObject({
    refresh: z.boolean().optional().meta({ description: 'true: fetch again even when cached (1 credit)' }),
    calculationMethod: z.enum(CALCULATION_METHODS).optional(),
  })
  .meta({ id: 'DiscoveryReportRequest' });

export const MetaSchema = z
  .object({
    cached: z.boolean(),
    fetchedAt: z.string().meta({ format: 'date-time' }),
    credits: z.number().meta({ description: 'Credits this request spent (0 when cached)' }),
    rawRequests: z.number().int(),
    sample: z.boolean().meta({ description: 'Answered by the built-in sample provider' }),
  })
  .meta({ id: 'ProviderCallMeta' });

/** `{ data, meta }`: the provider's answer (its own field names) and how it was obtained. */
export const proxied = (name: string, description: string) =>
  z
    .object({
      data: z.record(z.string(), z.unknown()).meta({ description }),
      meta: MetaSchema,
    })
    .meta({ id: name });

/** The search body as the provider takes it (validated per platform in the handler) plus `refresh`. */
export const SearchRequestSchema = z
  .looseObject({
    page: z.number().int().optional(),
    sort: z.record(z.string(), z.unknown()).optional(),
    filter: z.record(z.string(), z.unknown()),
    refresh: z.boolean().optional(),
  })
  .meta({
    id: 'DiscoverySearchRequest',
    description:
      'The provider search body (CONTRACT §2: page, calculationMethod, sort, filter.influencer, filter.audience)',
  });

export const QuoteSchema = z.object({ cached: z.boolean(), credits: z.number() }).meta({ id: 'DiscoverySearchQuote' });

export const OverlapBodySchema = z.strictObject({
  influencers: z
    .array(Handle)
    .min(OVERLAP_MIN_INFLUENCERS)
    .max(OVERLAP_MAX_INFLUENCERS)
    .refine((list) => new Set(list.map(normaliseHandle)).size === list.length, 'each influencer once'),
});

export const DictionaryParamsSchema = PlatformParamSchema.extend({
  kind: z.string().meta({ param: { name: 'kind', in: 'path' }, example: 'locations' }),
});

export const DictionaryQuerySchema = z.object({
  query: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const PerformanceRequestSchema = z
  .strictObject({
    url: z.string().trim().min(1).max(500).meta({ description: 'Handle, user id or profile URL' }),
    refresh: z.boolean().optional().meta({ description: 'true: fetch again even when cached (0.25 credits)' }),
  })
  .meta({ id: 'DiscoveryPerformanceRequest' });

export const EmailSearchBodySchema = z.strictObject({
  emails: z.array(z.email().max(254)).min(1).max(EMAIL_SEARCH_MAX_EMAILS),
});

export const RawParamsSchema = z.object({
  platform: z.enum(RAW_PLATFORMS).meta({ param: { name: 'platform', in: 'path' }, example: 'ig' }),
  endpoint: z.string().meta({ param: { name: 'endpoint', in: 'path' }, example: 'user-info' }),
});

/** A Raw API lookup's parameters by name (each endpoint's own, checked in the handler). */
export const RawRequestSchema = z.record(z.string().max(50), z.string().max(500)).meta({
  id: 'DiscoveryRawRequest',
  description: 'The endpoint’s parameters, e.g. { "url": "cleo.creates" } or { "url": "cleo.creates", "after": "…" }',
});

export const StatusSchema = z
  .object({
    sample: z.boolean(),
    account: z.object({ credits: z.number(), rawRequests: z.number() }).nullable(),
    today: z.object({ credits: z.number(), rawRequests: z.number() }),
    dailyCreditCap: z.number().nullable(),
    dailyRawCap: z.number().int().nullable(),
    budget: z
      .object({
        spent: z.object({ credits: z.number(), rawRequests: z.number().int() }),
        limit: z.object({ credits: z.number(), rawRequests: z.number().int() }),
      })
      .nullable()
      .meta({ description: 'Admins: what all users spent today against the global daily budget; null for brands' }),
  })
  .meta({ id: 'DiscoveryStatus' });

export const InviteBodySchema = z.strictObject({
  campaignId: z.string().trim().min(1).max(64),
  platform: z.enum(PLATFORMS),
  userId: z.string().trim().min(1).max(100),
  username: Handle,
});

export const InviteResultSchema = z
  .union([
    z.object({
      invited: z.literal(true),
      invitation: z.object({ id: z.string(), campaignId: z.string(), creatorId: z.string(), respondBy: z.string() }),
    }),
    z.object({ invited: z.literal(false), emailDraft: z.object({ subject: z.string(), body: z.string() }) }),
  ])
  .meta({ id: 'DiscoveryInviteResult' });

/** Handles compare without `@` and case. */
export function normaliseHandle(handle: string): string {
  return handle.trim().replace(/^@/, '').toLowerCase();
}
