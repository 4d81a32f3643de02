import { createRoute } from '@hono/zod-openapi';
import {
  DictionaryParamsSchema,
  DictionaryQuerySchema,
  EmailSearchBodySchema,
  InviteBodySchema,
  InviteResultSchema,
  OverlapBodySchema,
  OverlapPlatformParamSchema,
  PerformanceRequestSchema,
  PlatformParamSchema,
  proxied,
  QuoteSchema,
  RawParamsSchema,
  RawRequestSchema,
  ReportParamsSchema,
  ReportQuerySchema,
  ReportRequestSchema,
  SearchRequestSchema,
  StatusSchema,
} from '@kollab/contract/api/discovery';
import type { Context } from 'hono';
import {
  type CalculationMethod,
  checkRawParams,
  DICTIONARY_KINDS,
  findRawEndpoint,
  type Platform,
  type UserInfoResponse,
} from '../../integrations/provider/index.ts';
import { lastUsed } from '../../lib/bounded-cache.ts';
import { sendPreparedJson } from '../../lib/compress-json.ts';
import type { AppEnv } from '../../lib/context.ts';
import { createRouter } from '../../lib/create-router.ts';
import { AppError } from '../../lib/errors.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { cacheKey, isCached } from './cache.ts';
import { providerCalls, requireDiscoveryUser, SEARCH_PAGE_CREDITS, TTL } from './discovery.calls.ts';
import { inviteFromDiscovery } from './invitations.service.ts';
import type { Provider } from './provider.ts';
import {
  type CallContext,
  type CurrentAnswers,
  callProvider,
  fetchFromProvider,
  type ProviderCall,
  preparedFromCache,
} from './provider-call.ts';
import { providerHandle } from './provider-handle.ts';
import { totalsToday, usageToday } from './usage.ts';

const tags = ['Discovery'];
const providerErrors = {
  403: errorContent('email_not_verified: the account’s e-mail address is not verified yet'),
  404: errorContent('No such account (or another tenant’s campaign)'),
  409: errorContent('The provider is still preparing the data, or the creator is already invited'),
  429: errorContent(
    'rate_limited (the brand’s calls per minute, or the provider is busy), credit_cap_reached (the brand’s daily credits or raw requests) or provider_budget_reached (Kollab’s daily budget); all with Retry-After',
  ),
  502: errorContent('The provider failed'),
  504: errorContent('The provider did not answer in time'),
};
const common = { ...errorResponses, ...authErrorResponses, ...providerErrors };
/** How many report keys a discovery router remembers (reportKeyOf), the least recently used going first. */
const REPORT_KEYS = 1000;

/** The discovery routes over `provider` (the real one or the built-in sample). */
export function createDiscoveryRoutes(provider: Provider, current?: CurrentAnswers) {
  const { client } = provider;
  const { searchCall, reportCall } = providerCalls(client);
  const context = (c: Context<AppEnv>): CallContext => ({
    db: c.get('db'),
    user: requireDiscoveryUser(c),
    logger: c.get('logger'),
    sample: provider.sample,
    settings: c.get('env'),
    mailer: c.get('mailer'),
    ...(current ? { current } : {}),
  });
  /**
   * The provider's answer in the envelope `{ data, meta }` (data documented as an open object: the
   * provider's own field names). A fresh cached answer goes out as prepared bytes, free; anything
   * else is fetched (and paid for) first.
   */
  const keyOf = (call: ProviderCall<unknown>) => cacheKey(call.kind, call.platform, call.params);
  /**
   * A report's cache key by platform, method and handle, worked out once (canonical JSON and a
   * SHA-256) for the last REPORT_KEYS reports read instead of on every GET of a cached one. Platform
   * and method are enums, so the line is unambiguous with the free-form handle last.
   */
  const reportKeys = lastUsed<string>(REPORT_KEYS);
  const reportKeyOf = (platform: Platform, userId: string, calculationMethod: CalculationMethod | undefined) =>
    reportKeys(`${platform}\u0000${calculationMethod ?? ''}\u0000${userId}`, () =>
      keyOf(reportCall(platform, userId, calculationMethod)),
    );
  const respond = async <T>(c: Context<AppEnv>, ctx: CallContext, call: ProviderCall<T>) => {
    const key = keyOf(call);
    if (!call.refresh && call.ttlMs !== null) {
      const cached = await preparedFromCache(ctx, key);
      if (cached) return sendPreparedJson(c, cached) as never;
    }
    const { data, meta } = await fetchFromProvider(ctx, key, call);
    return c.json({ data: data as Record<string, unknown>, meta }, 200);
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/discovery/status',
        tags,
        summary: 'Brand/admin: sample or real provider, credits left at the provider, spent today',
        responses: { 200: jsonContent(StatusSchema, 'Discovery status'), ...common },
      }),
      async (c) => {
        const ctx = context(c);
        const isAdmin = ctx.user.role === 'admin';
        const [today, everyone] = await Promise.all([
          usageToday(ctx.db, ctx.user.id),
          isAdmin ? totalsToday(ctx.db) : undefined,
        ]);
        const accountCall: ProviderCall<UserInfoResponse> = {
          kind: 'account',
          platform: 'all',
          params: {},
          ttlMs: TTL.account,
          maxCredits: 0,
          fetch: () => client.userInfo(),
        };
        const account = await callProvider(ctx, keyOf(accountCall), accountCall)
          .then(({ data }) => ({ credits: data.billing.credits, rawRequests: data.billing.rawRequests }))
          .catch((error: unknown) => {
            ctx.logger.warn({ err: error }, 'provider balance unavailable');
            return null;
          });
        return c.json(
          {
            sample: provider.sample,
            account,
            today,
            dailyCreditCap: isAdmin ? null : c.get('env').PROVIDER_DAILY_CREDIT_CAP,
            dailyRawCap: isAdmin ? null : c.get('env').PROVIDER_DAILY_RAW_CAP,
            budget: everyone
              ? {
                  spent: everyone,
                  limit: {
                    credits: c.get('env').PROVIDER_GLOBAL_DAILY_CREDITS,
                    rawRequests: c.get('env').PROVIDER_GLOBAL_DAILY_RAW_REQUESTS,
                  },
                }
              : null,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/{platform}/search',
        tags,
        summary: 'Brand/admin: search influencers (15 per page; cached a day, 0.01 credits per hit otherwise)',
        request: { params: PlatformParamSchema, ...jsonBody(SearchRequestSchema) },
        responses: {
          200: jsonContent(proxied('DiscoverySearch', 'total, lookalikes, directs, isExactMatch'), 'Hits'),
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const call = searchCall(c.req.valid('param').platform, c.req.valid('json'));
        return respond(c, ctx, call);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/{platform}/search/quote',
        tags,
        summary: 'Brand/admin: what a search would cost (0 when cached) — no provider call',
        request: { params: PlatformParamSchema, ...jsonBody(SearchRequestSchema) },
        responses: { 200: jsonContent(QuoteSchema, 'The most the search costs'), ...common },
      }),
      async (c) => {
        const ctx = context(c);
        const call = searchCall(c.req.valid('param').platform, c.req.valid('json'));
        const cached = !call.refresh && (await isCached(ctx.db, keyOf(call)));
        return c.json({ cached, credits: cached ? 0 : SEARCH_PAGE_CREDITS }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/discovery/{platform}/reports/{userId}',
        tags,
        summary: 'Brand/admin: a cached profile report, 204 when none is cached (free; never calls the provider)',
        request: { params: ReportParamsSchema, query: ReportQuerySchema },
        responses: {
          200: jsonContent(proxied('DiscoveryReport', '{ profile: ReportProfile }'), 'The cached report'),
          204: { description: 'No fresh report is cached: POST the same path to fetch one (1 credit)' },
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform, userId } = c.req.valid('param');
        const { calculationMethod } = c.req.valid('query');
        // A GET can be made by another site's link (SameSite=Lax): it reads the cache, never spends.
        const cached = await preparedFromCache(ctx, reportKeyOf(platform, userId, calculationMethod));
        // 204, not 404: nothing is wrong, the brand just has not fetched this report yet.
        if (!cached) return c.body(null, 204) as never;
        return sendPreparedJson(c, cached) as never;
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/{platform}/reports/{userId}',
        tags,
        summary: 'Brand/admin: a profile report, from the cache (free, 30 days) or fetched (1 credit)',
        request: { params: ReportParamsSchema, ...jsonBody(ReportRequestSchema) },
        responses: {
          200: jsonContent(proxied('DiscoveryReport', '{ profile: ReportProfile }'), 'The report'),
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform, userId } = c.req.valid('param');
        const { refresh, calculationMethod } = c.req.valid('json');
        return respond(c, ctx, { ...reportCall(platform, userId, calculationMethod), refresh: refresh === true });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/{platform}/overlap',
        tags,
        summary: 'Brand/admin: audience overlap of 2–10 influencers (Instagram, YouTube; 1 credit)',
        request: { params: OverlapPlatformParamSchema, ...jsonBody(OverlapBodySchema) },
        responses: { 200: jsonContent(proxied('DiscoveryOverlap', '{ reportInfo, data }'), 'Overlap'), ...common },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform } = c.req.valid('param');
        const influencers = c.req.valid('json').influencers.map(providerHandle);
        return respond(c, ctx, {
          kind: 'overlap',
          platform,
          params: [...influencers].sort(),
          ttlMs: TTL.overlap,
          maxCredits: 1,
          fetch: () => client.overlap(platform, influencers),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/discovery/{platform}/dictionaries/{kind}',
        tags,
        summary: 'Brand/admin: provider dictionaries for autocomplete (free; cached a day)',
        request: { params: DictionaryParamsSchema, query: DictionaryQuerySchema },
        responses: { 200: jsonContent(proxied('DiscoveryDictionary', 'The dictionary entries'), 'Entries'), ...common },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform, kind } = c.req.valid('param');
        const kinds: readonly string[] = DICTIONARY_KINDS[platform];
        if (!kinds.includes(kind)) {
          throw AppError.validation(
            { kind: [`expected one of ${kinds.join(', ')}`] },
            `No ${kind} dictionary for ${platform}`,
          );
        }
        const query = c.req.valid('query');
        const params = { query: query.query?.toLowerCase() ?? '', limit: query.limit ?? 10 };
        return respond(c, ctx, {
          kind: 'dictionary',
          platform,
          params: { kind, ...params },
          ttlMs: TTL.dictionary,
          maxCredits: 0,
          fetch: () => client.dictionary(platform, kind, { query: params.query || undefined, limit: params.limit }),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/{platform}/performance',
        tags,
        summary: 'Brand/admin: performance over the last 6/12/30 posts (0.25 credits; cached a day)',
        request: { params: PlatformParamSchema, ...jsonBody(PerformanceRequestSchema) },
        responses: {
          200: jsonContent(proxied('DiscoveryPerformance', 'Blocks per content type'), 'Performance'),
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform } = c.req.valid('param');
        const { url, refresh } = c.req.valid('json');
        return respond(c, ctx, {
          kind: 'performance',
          platform,
          params: { url: url.toLowerCase() },
          ttlMs: TTL.performance,
          maxCredits: 0.25,
          refresh: refresh === true,
          fetch: () => client.performance(platform, url),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/email-search',
        tags,
        summary: 'Brand/admin: profiles behind e-mail addresses (0.02 credits per match; never stored)',
        request: jsonBody(EmailSearchBodySchema),
        responses: {
          200: jsonContent(proxied('DiscoveryEmailSearch', '{ matchedEmails, notMatchedEmails }'), 'Matches'),
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const emails = [...new Set(c.req.valid('json').emails.map((email) => email.toLowerCase()))];
        return respond(c, ctx, {
          kind: 'email',
          platform: 'all',
          params: emails,
          ttlMs: null,
          maxCredits: emails.length * 0.02,
          fetch: () => client.emailSearch(emails),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/raw/{platform}/{endpoint}',
        tags,
        summary: 'Brand/admin: a Raw API lookup (1 raw request, even when not found; cached an hour)',
        request: { params: RawParamsSchema, ...jsonBody(RawRequestSchema) },
        responses: {
          200: jsonContent(proxied('DiscoveryRaw', 'The platform’s own payload'), 'Raw payload'),
          ...common,
        },
      }),
      async (c) => {
        const ctx = context(c);
        const { platform, endpoint } = c.req.valid('param');
        const spec = findRawEndpoint(platform, endpoint);
        if (!spec) throw new AppError('not_found', `No raw endpoint ${platform}/${endpoint}`);
        const params: Record<string, string> = { ...c.req.valid('json') };
        const issues = checkRawParams(spec, params);
        if (issues.length) {
          const fields = Object.fromEntries(issues.map((issue) => [issue.param, [issue.message]]));
          throw AppError.validation(fields, 'Raw lookup parameters are invalid');
        }
        return respond(c, ctx, {
          kind: 'raw',
          platform,
          params: { endpoint, ...params },
          ttlMs: TTL.raw,
          maxCredits: 0,
          maxRawRequests: 1,
          fetch: () => client.raw(platform, endpoint, params),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/discovery/invitations',
        tags,
        summary: 'Brand/admin: invite a found influencer to a campaign, or get an e-mail draft when not on Kollab',
        request: jsonBody(InviteBodySchema),
        responses: { 200: jsonContent(InviteResultSchema, 'Invited, or a draft'), ...common },
      }),
      async (c) => {
        const user = requireDiscoveryUser(c);
        return c.json(await inviteFromDiscovery(c.var, user, c.req.valid('json')), 200);
      },
    );
}
