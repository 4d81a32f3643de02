import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createDb, createTestDatabase, type Database, type DatabaseHandle } from '@kollab/db';
import { type RunningPaymentsStandIn, startPaymentsStandIn } from '@kollab/stand-ins/payments';
import { readSampleProviderSettings, startEmbeddedSampleProvider } from '@kollab/stand-ins/provider';
import { createApp } from '../../src/app.ts';
import { type Env, parseEnv } from '../../src/env.ts';
import { type BankIdStandInHandle, configureBankId } from '../../src/integrations/bankid/configure.ts';
import { configureSwish, type SwishStandInHandle } from '../../src/integrations/swish/configure.ts';
import { mailQueue, queuedMailer } from '../../src/jobs/mail.queue.ts';
import { type JobQueue, openJobQueue } from '../../src/jobs/queue.ts';
import { type AfterResponse, createAfterResponse } from '../../src/lib/after-response.ts';
import type { AppEnv } from '../../src/lib/context.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { createMessageBus } from '../../src/lib/message-bus.ts';
import { setRateLimitMultiplier } from '../../src/lib/rate-limit.ts';
import { loadSecrets, type Secrets } from '../../src/lib/secrets.ts';
import { createStorage } from '../../src/lib/storage.ts';
import { createProvider, SAMPLE_PROVIDER_KEY } from '../../src/modules/discovery/provider.ts';
import { createPaymentGateway } from '../../src/modules/payments/gateway.ts';
import { trackingQueue } from '../../src/modules/results/tracking.service.ts';
import { trackPendingWork } from './pending-work.ts';

export interface TestApp {
  app: OpenAPIHono<AppEnv>;
  db: Database;
  database: DatabaseHandle;
  env: Env;
  /** The app's secrets (encryption key for fields such as personal numbers). */
  secrets: Secrets;
  /** Base URL of the sample provider this app talks to (its own HTTP server). */
  providerUrl: string;
  /** Every request the provider client sent, as `METHOD /path` (oldest first). */
  providerRequests: string[];
  /** The payments stand-in this app's Stripe client talks to; its webhooks are delivered into `app`. */
  payments: RunningPaymentsStandIn;
  /** The work the app does after answering (mail of sign-up, password reset, newsletter). */
  afterResponse: AfterResponse;
  /** The job queue this app's mail goes through (its worker runs in the test; schedules do not). */
  queue: JobQueue;
  /** Waits for that work and for the queued mail: call it before looking for what a request does after its answer. */
  settle(): Promise<void>;
  /** The log lines written so far, parsed (only with `captureLogs`; otherwise nothing is logged). */
  logs(): Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database (in-memory PGlite, or a throwaway PostgreSQL database when
 * `DATABASE_URL` is set), with a temporary data folder. Call `close()` in `afterAll`.
 */
export async function createTestApp(
  options: {
    siteDir?: string;
    portalDir?: string;
    /** The portal's server renderer module (api/src/portal-html.ts); none by default. */
    portalRenderer?: string;
    /** Its time limit per page (default portal-html.ts's). */
    portalRenderTimeoutMs?: number;
    settings?: Record<string, string>;
    /** A second API instance on the same database (closing it leaves the database open). */
    shareDatabaseWith?: TestApp;
    /** Keep info-level log lines for `logs()` instead of logging nothing. */
    captureLogs?: boolean;
    /** Waits between attempts to send a mail after the answer (default: none, one attempt). */
    mailRetryDelaysMs?: number[];
    /** A BankID stand-in the test started (`startBankIdStandIn()`); without one BankID is not configured. */
    bankIdStandIn?: BankIdStandInHandle;
    /** A Swish stand-in the test started (`startSwishStandIn()`); without one Swish payouts are not configured. */
    swishStandIn?: SwishStandInHandle;
    /** The clock of post reads and of the sample provider's published posts (default the system's). */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kollab-test-'));
  const settings = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // Sessions and provider answers held in memory are dropped by PostgreSQL's announcements
    // (ADR 035). PGlite delivers them before the write that caused them returns, so tests that
    // change rows directly see the change at once; a PostgreSQL server delivers them a moment
    // later on another connection, so there only the tests of that memory turn it on.
    ...(process.env.DATABASE_URL ? { INSTANCE_CACHE_MS: '0' } : {}),
    ...options.settings,
  };
  const env = parseEnv(settings);
  // The limiter's multiplier is process-wide, as server.ts sets it; each test file runs in its own
  // module scope, so a file that raises it raises it for its own apps only.
  if (options.settings?.RATE_LIMIT_MULTIPLIER) setRateLimitMultiplier(env.RATE_LIMIT_MULTIPLIER);
  // A second instance on PostgreSQL gets its own connection pool, as a second process would.
  const shared = options.shareDatabaseWith?.database;
  const database = shared
    ? shared.url
      ? await createDb({ url: shared.url, max: 4 })
      : shared
    : await createTestDatabase();
  const lines: string[] = [];
  const logger = options.captureLogs
    ? createLogger('info', { write: (line: string) => void lines.push(line) })
    : createLogger(env.LOG_LEVEL);
  const afterResponse = createAfterResponse({ retryDelaysMs: options.mailRetryDelaysMs ?? [] });
  // Mail goes through the job queue as in a server; tests run the time-based work by calling `sweep`.
  const queue = await openJobQueue(database, logger, {
    pollingIntervalSeconds: 0.5,
    backstopSeconds: 0.5,
    schedules: false,
  });
  const bus = await createMessageBus(database, logger);
  // The sample provider listens on its own port, so the client really speaks HTTP to it. Tests
  // allow more requests per second than the real provider's 2, and back off in milliseconds.
  const { faults } = readSampleProviderSettings(settings);
  const now = options.now;
  const sample = await startEmbeddedSampleProvider({
    apiKey: SAMPLE_PROVIDER_KEY,
    ...(faults ? { faults } : {}),
    ...(now ? { now: () => now().getTime() } : {}),
  });
  const providerRequests: string[] = [];
  const provider = createProvider(env, logger, {
    sample,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      providerRequests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return fetch(input, init);
    },
    rateLimitPerSecond: 100,
    backoffMs: { baseMs: 5, maxMs: 20 },
  });
  await queue.work([
    mailQueue(createMailer(env, logger)),
    trackingQueue({ db: database.db, provider, env, logger, ...(now ? { now } : {}) }),
  ]);
  // The payments stand-in listens on its own port; its webhook deliveries go straight into this app.
  let appRef: OpenAPIHono<AppEnv> | undefined;
  const payments = await startPaymentsStandIn({
    webhookUrl: 'http://localhost:3000/api/payments/webhook',
    hangMs: 3_000,
    deliver: async (url, init) => {
      if (!appRef) return new Response(null, { status: 503 });
      return appRef.request(new URL(url).pathname, init);
    },
  });
  const secrets = await loadSecrets(env);
  const bankId = await configureBankId(env, options.bankIdStandIn);
  const swish = await configureSwish(env, options.swishStandIn);
  const app = createApp({
    ...(bankId ? { bankId } : {}),
    ...(swish ? { swish } : {}),
    db: database.db,
    dbKind: database.kind,
    env,
    logger,
    mailer: queuedMailer(queue),
    jobs: queue,
    afterResponse,
    storage: createStorage(env),
    bus,
    secrets,
    provider,
    payments: createPaymentGateway(parseEnv({ STRIPE_TIMEOUT_MS: '1000', ...settings }), {
      standIn: payments,
    }),
    siteDir: options.siteDir ?? join(dataDir, 'no-site'),
    portalDir: options.portalDir ?? join(dataDir, 'no-portal'),
    ...(options.portalRenderer ? { portalRenderer: options.portalRenderer } : {}),
    ...(options.portalRenderTimeoutMs ? { portalRenderTimeoutMs: options.portalRenderTimeoutMs } : {}),
  });
  appRef = app;
  const settle = async () => {
    await afterResponse.settle();
    await queue.drain();
  };
  const untrack = trackPendingWork({ settle });
  return {
    app,
    payments,
    db: database.db,
    database,
    env,
    secrets,
    providerUrl: sample.url,
    providerRequests,
    afterResponse,
    queue,
    settle,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      untrack();
      await afterResponse.settle();
      await queue.stop();
      await sample.close();
      await payments.close();
      await bus.close();
      if (database !== shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
