/**
 * The built-in sample provider: a plain Hono app answering the provider's HTTP contract
 * (Modash API 1.5.0, see CONTRACT.md) from a deterministic synthetic dataset. Routes sit at the
 * app's root (`/instagram/search`, `/user/info`, `/raw/ig/user-info`, …), so it can be served
 * standalone (`server.ts`) or, for an API without a provider key, on a loopback port of its own
 * (`embedded.ts`) — never on the API's public server.
 */
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BioBodySchema, BioOverrides, bioPlatformOf } from './bio-overrides.ts';
import { PLATFORMS, type Platform } from './constants.ts';
import { CreditLedger, PRICES } from './credits.ts';
import { DEFAULT_SEED, DEFAULT_SIZE, getDataset, type SampleDataset } from './dataset.ts';
import { DEFAULT_LIMIT, dictionary, MAX_LIMIT } from './dictionaries.ts';
import { buildEmailSearch, emailSearchBody } from './email-search.ts';
import { invalidParams, ProviderError } from './errors.ts';
import { faultMiddleware } from './faults.ts';
import { buildOverlap } from './overlap.ts';
import { buildPerformance } from './performance.ts';
import { PublishedPosts, type PublishPlatform } from './published-posts.ts';
import { RAW_HANDLERS, RAW_PLATFORMS, type RawPlatform } from './raw.ts';
import { igMedia } from './raw-instagram.ts';
import { ttVideo } from './raw-tiktok.ts';
import { buildReport } from './reports.ts';
import { runSearch } from './search.ts';
import { PAGE_SIZE, parseSearchBody } from './search-body.ts';

export interface SampleProviderOptions {
  /** Dataset seed (default 20261122). */
  seed?: number;
  /** Number of profiles over the three platforms (default 21,000). */
  size?: number;
  /** Accepted bearer keys; without it any non-empty key is accepted. */
  apiKeys?: string[];
  /** Process-wide fault spec, e.g. `latency=300,status=503,rate=0.5` (see faults.ts). */
  faults?: string;
  /** Largest request body accepted (default 1 MiB, the API's own limit); larger ones get 413. */
  maxBodyBytes?: number;
  /** The stand-in's clock in ms (default `Date.now`): how old published posts are (published-posts.ts). */
  now?: () => number;
}

/** The API's limit for JSON bodies (app.ts), which the sample keeps as well. */
export const SAMPLE_MAX_BODY_BYTES = 1024 * 1024;

type Env = { Variables: { apiKey: string } };

const isPlatform = (value: string): value is Platform => (PLATFORMS as readonly string[]).includes(value);
const OVERLAP_PLATFORMS: readonly Platform[] = ['instagram', 'youtube'];

/** Reads a JSON body or answers `invalid_body_params`. */
async function jsonBody(c: Context<Env>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ProviderError(400, 'invalid_body_params', 'The body must be JSON.');
  }
}

function errorResponse(c: Context, error: unknown) {
  if (error instanceof ProviderError) return c.json(error.body(), error.status);
  return c.json({ error: true, code: 'internal_server_error', message: 'The sample provider failed.' }, 500);
}

/**
 * Creates the sample provider app. The dataset is generated on the first request that needs it and
 * shared by every app with the same seed and size; credits are tracked per app and API key.
 */
export function createSampleProvider(options: SampleProviderOptions = {}): Hono<Env> {
  const app = new Hono<Env>();
  const ledger = new CreditLedger();
  const datasetOptions = { seed: options.seed ?? DEFAULT_SEED, size: options.size ?? DEFAULT_SIZE };
  const data = (): SampleDataset => getDataset(datasetOptions);
  const keys = options.apiKeys ? new Set(options.apiKeys) : undefined;
  const published = new PublishedPosts(options.now ?? Date.now);
  const bios = new BioOverrides();

  // Before anything reads a body (the key may come in one): the same limit as the API's routes.
  const maxSize = options.maxBodyBytes ?? SAMPLE_MAX_BODY_BYTES;
  app.use(
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json({ error: true, code: 'payload_too_large', message: `The body is larger than ${maxSize} bytes.` }, 413),
    }),
  );
  app.use(faultMiddleware(options.faults));

  // Bearer header (recommended), `access_token` query parameter or `access_token` in a JSON body.
  app.use(async (c, next) => {
    let token =
      /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() || c.req.query('access_token');
    if (!token && c.req.method === 'POST') {
      const body = await c.req.json().catch(() => undefined);
      if (body && typeof body === 'object' && 'access_token' in body && typeof body.access_token === 'string')
        token = body.access_token;
    }
    if (!token || (keys && !keys.has(token)))
      return c.json({ error: true, code: 'api_token_invalid', message: 'Missing or invalid API token.' }, 401);
    c.set('apiKey', token);
    await next();
  });

  /** Runs a handler, turning ProviderErrors into the provider's error body. */
  const handle =
    (run: (c: Context<Env>) => unknown | Promise<unknown>) =>
    async (c: Context<Env>): Promise<Response> => {
      try {
        const result = await run(c);
        return result instanceof Response ? result : c.json(result as object, 200);
      } catch (error) {
        return errorResponse(c, error);
      }
    };

  const metered = (c: Context<Env>, hundredths: number) => {
    if (!ledger.canSpend(c.var.apiKey, hundredths))
      throw new ProviderError(403, 'not_enough_credits', 'Not enough credits for this call.');
  };

  const platformOf = (c: Context<Env>, allowed: readonly Platform[] = PLATFORMS): Platform => {
    const platform = c.req.param('platform') ?? '';
    if (!isPlatform(platform) || !allowed.includes(platform))
      throw new ProviderError(404, 'entity_not_found', `No such endpoint: ${c.req.method} ${c.req.path}`);
    return platform;
  };

  app.get(
    '/user/info',
    handle((c) => ({
      error: false,
      billing: ledger.info(c.var.apiKey),
      rateLimits: { discoveryRatelimit: 2, rawRatelimit: 10 },
    })),
  );

  app.post(
    '/email-search',
    handle(async (c) => {
      const parsed = emailSearchBody.safeParse(await jsonBody(c));
      if (!parsed.success) throw invalidParams(parsed.error);
      metered(c, PRICES.emailMatch * parsed.data.emails.length);
      const result = buildEmailSearch(data(), parsed.data.emails);
      ledger.spend(c.var.apiKey, PRICES.emailMatch * result.matchedEmails.length);
      return result;
    }),
  );

  app.post(
    '/:platform/search',
    handle(async (c) => {
      const platform = platformOf(c);
      const body = parseSearchBody(platform, await jsonBody(c));
      metered(c, PRICES.searchHit * PAGE_SIZE);
      const result = runSearch(data(), platform, body);
      ledger.spend(c.var.apiKey, PRICES.searchHit * (result.lookalikes.length + result.directs.length));
      return result;
    }),
  );

  app.get(
    '/:platform/profile/:userId/report',
    handle((c) => {
      const platform = platformOf(c);
      const method = c.req.query('calculationMethod') ?? 'median';
      if (method !== 'median' && method !== 'average')
        throw new ProviderError(400, 'invalid_body_params', 'calculationMethod must be "median" or "average".');
      metered(c, PRICES.report);
      const report = buildReport(data(), platform, decodeURIComponent(c.req.param('userId') ?? ''), method);
      ledger.spend(c.var.apiKey, PRICES.report);
      return report;
    }),
  );

  app.post(
    '/:platform/reports/audience/overlap',
    handle(async (c) => {
      const platform = platformOf(c, OVERLAP_PLATFORMS);
      const body = await jsonBody(c);
      metered(c, PRICES.overlap);
      const result = buildOverlap(data(), platform, body);
      ledger.spend(c.var.apiKey, PRICES.overlap);
      return result;
    }),
  );

  app.get(
    '/:platform/performance-data',
    handle((c) => {
      const platform = platformOf(c);
      const url = c.req.query('url')?.trim();
      if (!url) throw new ProviderError(400, 'bad_request', 'Missing parameter "url".');
      metered(c, PRICES.performance);
      const result = buildPerformance(data(), platform, url);
      ledger.spend(c.var.apiKey, PRICES.performance);
      return result;
    }),
  );

  app.get(
    '/raw/:rawPlatform/:endpoint',
    handle((c) => {
      const rawPlatform = c.req.param('rawPlatform') ?? '';
      const endpoint = c.req.param('endpoint') ?? '';
      const handlers = Object.hasOwn(RAW_PLATFORMS, rawPlatform) ? RAW_HANDLERS[rawPlatform as RawPlatform] : undefined;
      const handler = handlers && Object.hasOwn(handlers, endpoint) ? handlers[endpoint] : undefined;
      if (!handler) throw new ProviderError(404, 'entity_not_found', `No such endpoint: GET ${c.req.path}`);
      if (!ledger.canSpendRaw(c.var.apiKey))
        throw new ProviderError(403, 'not_enough_credits', 'No raw requests left this month.');
      try {
        const result = bios.apply(
          rawPlatform as RawPlatform,
          endpoint,
          publishedMedia(rawPlatform, endpoint, (name) => c.req.query(name)) ??
            handler(data(), (name: string) => c.req.query(name)),
        );
        ledger.spendRaw(c.var.apiKey);
        return result;
      } catch (error) {
        // Raw 404s are billed like the real provider does; bad parameters are not.
        if (error instanceof ProviderError && error.status === 404) ledger.spendRaw(c.var.apiKey);
        throw error;
      }
    }),
  );

  app.get(
    '/:platform/:kind',
    handle((c) => {
      const platform = platformOf(c);
      const rawLimit = c.req.query('limit');
      const limit = rawLimit === undefined || rawLimit === '' ? DEFAULT_LIMIT : Number(rawLimit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new ProviderError(400, 'invalid_body_params', 'limit must be a positive whole number.');
      const result = dictionary(
        data(),
        platform,
        c.req.param('kind') ?? '',
        c.req.query('query') ?? '',
        Math.min(limit, MAX_LIMIT),
      );
      if (!result) throw new ProviderError(404, 'entity_not_found', `No such endpoint: GET ${c.req.path}`);
      return result;
    }),
  );

  /** Raw `media-info` of a post published during this run (stand-in only), in the platform's shape. */
  function publishedMedia(rawPlatform: string, endpoint: string, query: (name: string) => string | undefined) {
    if (endpoint !== 'media-info') return undefined;
    if (rawPlatform === 'ig') {
      const post = published.find('instagram', query('code') ?? '');
      return post ? igMedia(post) : undefined;
    }
    if (rawPlatform === 'tiktok') {
      const post = published.find('tiktok', query('url') ?? '');
      return post ? { media_info: { itemInfo: { itemStruct: ttVideo(post) } } } : undefined;
    }
    return undefined;
  }

  // Stand-in only (never part of the provider's contract): what a creator does on the platform
  // itself — publish a post, edit its caption, delete it (published-posts.ts).
  const publishPlatform = (c: Context<Env>): PublishPlatform => {
    const platform = c.req.param('platform');
    if (platform !== 'instagram' && platform !== 'tiktok')
      throw new ProviderError(404, 'entity_not_found', 'Posts can be published on instagram or tiktok.');
    return platform;
  };
  app.post(
    '/_sample/:platform/posts',
    handle(async (c) => {
      const platform = publishPlatform(c);
      const body = (await jsonBody(c)) as { username?: unknown; caption?: unknown; postedAt?: unknown };
      if (typeof body?.username !== 'string' || typeof body.caption !== 'string')
        throw new ProviderError(400, 'invalid_body_params', 'username and caption are required strings.');
      if (body.postedAt !== undefined && !Number.isInteger(body.postedAt))
        throw new ProviderError(400, 'invalid_body_params', 'postedAt is Unix seconds.');
      return published.publish(data(), platform, {
        username: body.username,
        caption: body.caption,
        ...(typeof body.postedAt === 'number' ? { postedAt: body.postedAt } : {}),
      });
    }),
  );
  app.patch(
    '/_sample/:platform/posts/:code',
    handle(async (c) => {
      const body = (await jsonBody(c)) as { caption?: unknown };
      if (typeof body?.caption !== 'string')
        throw new ProviderError(400, 'invalid_body_params', 'caption is a required string.');
      if (!published.editCaption(publishPlatform(c), c.req.param('code') ?? '', body.caption))
        throw new ProviderError(404, 'media_not_found', 'No such published post.');
      return { error: false };
    }),
  );
  app.delete(
    '/_sample/:platform/posts/:code',
    handle((c) => {
      if (!published.remove(publishPlatform(c), c.req.param('code') ?? ''))
        throw new ProviderError(404, 'media_not_found', 'No such published post.');
      return { error: false };
    }),
  );

  // --- Stand-in only: set an account's bio (bio-overrides.ts; account verification, ADR 032) ---
  app.put(
    '/_sample/:platform/accounts/:handle/bio',
    handle(async (c) => {
      const platform = bioPlatformOf(c.req.param('platform') ?? '');
      const parsed = BioBodySchema.safeParse(await jsonBody(c));
      if (!parsed.success) throw invalidParams(parsed.error);
      return bios.set(data(), platform, decodeURIComponent(c.req.param('handle') ?? ''), parsed.data.biography);
    }),
  );
  // --- end of the bio block ---

  app.all('*', (c) =>
    c.json({ error: true, code: 'entity_not_found', message: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((error, c) => errorResponse(c, error));
  return app;
}
