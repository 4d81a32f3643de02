import type { z } from '@hono/zod-openapi';
import type { SearchRequestSchema } from '@kollab/contract/api/discovery';
import type { User } from '@kollab/db/schema';
import type { Context } from 'hono';
import {
  type CalculationMethod,
  type Platform,
  type ProviderClient,
  SEARCH_BODY_SCHEMAS,
  SEARCH_PAGE_SIZE,
  type SearchBody,
} from '../../integrations/provider/index.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, fieldErrorsFromZod } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-user.ts';
import type { ProviderCall } from './provider-call.ts';
import { providerHandle } from './provider-handle.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** How long answers stay fresh: reports 30 days (they change every 2–4 weeks), searches a day. */
export const TTL = {
  report: 30 * DAY,
  search: DAY,
  overlap: 7 * DAY,
  dictionary: DAY,
  performance: DAY,
  raw: HOUR,
  account: 60_000,
} as const;
/** The most one search page can cost: 0.01 credits per hit, 15 hits. */
export const SEARCH_PAGE_CREDITS = SEARCH_PAGE_SIZE * 0.01;

/**
 * Discovery is for brands and admins. Creators get a 404, as if the routes did not exist: they
 * must not learn about, let alone spend, the brands' provider credits. Sign-up is open, so an
 * address nobody confirmed must not be able to spend them either (ADR 011).
 * @throws unauthorized, not_found (other roles), email_not_verified
 */
export function requireDiscoveryUser(c: Context<AppEnv>): User {
  const user = requireUser(c);
  if (user.role !== 'brand' && user.role !== 'admin') throw new AppError('not_found', `No route for ${c.req.path}`);
  if (!user.emailVerifiedAt) throw new AppError('email_not_verified', 'Verify your e-mail address to use discovery');
  return user;
}

function validate<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.validation(fieldErrorsFromZod(result.error), `Request ${what} is invalid`);
  return result.data;
}

/** The calls more than one route makes: a search page (run and quoted) and a report (read and opened). */
export function providerCalls(client: ProviderClient) {
  const searchCall = (platform: Platform, body: z.infer<typeof SearchRequestSchema>) => {
    const { refresh, ...search } = body;
    const parsed = validate(SEARCH_BODY_SCHEMAS[platform] as z.ZodType<SearchBody>, search, 'body');
    return {
      kind: 'search',
      platform,
      params: { ...parsed, page: parsed.page ?? 0 },
      ttlMs: TTL.search,
      maxCredits: SEARCH_PAGE_CREDITS,
      refresh: refresh === true,
      fetch: () => client.search(platform, parsed as never),
    } satisfies ProviderCall<unknown>;
  };

  /** @throws bad_request for the handles `.` and `..` (before any booking or provider call) */
  const reportCall = (platform: Platform, userId: string, calculationMethod: CalculationMethod | undefined) => {
    const handle = providerHandle(userId);
    return {
      kind: 'report',
      platform,
      params: { handle, calculationMethod: calculationMethod ?? 'median' },
      ttlMs: TTL.report,
      maxCredits: 1,
      fetch: () => client.report(platform, handle, calculationMethod ? { calculationMethod } : {}),
    } satisfies ProviderCall<unknown>;
  };

  return { searchCall, reportCall };
}
