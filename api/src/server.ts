import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createDb, migrate, seedDemo } from '@kollab/db';
import { createApp } from './app.ts';
import { EnvError, parseEnv } from './env.ts';
import { type BankIdStandInHandle, configureBankId } from './integrations/bankid/configure.ts';
import { configureSwish, type SwishStandInHandle } from './integrations/swish/configure.ts';
import { mailQueue, queuedMailer } from './jobs/mail.queue.ts';
import { openJobQueue } from './jobs/queue.ts';
import { scheduledQueues } from './jobs/scheduled.queue.ts';
import { sweep } from './jobs/scheduler.ts';
import { createAfterResponse } from './lib/after-response.ts';
import { securePrivateDataDir } from './lib/data-dir.ts';
import { encrypt } from './lib/encryption.ts';
import { createLogger } from './lib/logger.ts';
import { createMailer } from './lib/mailer.ts';
import { createMessageBus } from './lib/message-bus.ts';
import { setRateLimitMultiplier } from './lib/rate-limit.ts';
import { loadSecrets } from './lib/secrets.ts';
import { createStorage } from './lib/storage.ts';
import { hashPassword } from './modules/auth/password.ts';
import { readDemoCoverKeys } from './modules/campaigns/covers.ts';
import { createProvider } from './modules/discovery/provider.ts';
import { createPaymentGateway, type PaymentsStandInHandle } from './modules/payments/gateway.ts';
import { seedFunding } from './modules/payments/seed-funding.ts';
import { trackingQueue } from './modules/results/tracking.service.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** What the composition root (scripts/start.ts) hands the API besides the environment. */
export interface ServerOptions {
  /**
   * The provider stand-in it started on a loopback port with a per-process key, because
   * PROVIDER_API_KEY is not set; closed on shutdown. The API never starts a stand-in itself (ADR 014).
   */
  sampleProvider?: { url: string; apiKey: string; close(): Promise<void> };
  /** The payments stand-in `scripts/start.ts` started (used when STRIPE_SECRET_KEY is not set). */
  paymentsStandIn?: PaymentsStandInHandle & { close(): Promise<void> };
  /** The BankID stand-in it started because BANKID_URL is not set; closed on shutdown (ADR 026). */
  bankIdStandIn?: BankIdStandInHandle;
  swishStandIn?: SwishStandInHandle;
  /**
   * The clock scheduled work and post reads follow. Only the browser suite's time-travel server
   * (scripts/time-travel.ts) passes one; `npm start` and production use the system's.
   */
  now?: () => Date;
}

/** What a started server lets its composition root do besides stopping it. */
export interface RunningServer {
  /** Runs every scheduled job once now (at `now()`), as the every-minute schedule would. */
  runScheduledWork(): Promise<void>;
}

/** Starts the API: `node api/src/server.ts` with a real provider, or `npm start` (scripts/start.ts). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`Kollab cannot start.\n${error.message}\nSee .env.example for every setting.\n`);
    process.exit(78);
  }
  const sample = env.PROVIDER_API_KEY ? undefined : options.sampleProvider;
  if (!env.PROVIDER_API_KEY && !sample) {
    process.stderr.write(
      'Kollab cannot start.\nPROVIDER_API_KEY: required when the API runs on its own; `npm start` (scripts/start.ts) runs the sample provider instead.\n',
    );
    process.exit(78);
  }
  const logger = createLogger(env.LOG_LEVEL);
  setRateLimitMultiplier(env.RATE_LIMIT_MULTIPLIER);
  try {
    const { tightenedFrom } = await securePrivateDataDir(env.DATA_DIR);
    if (tightenedFrom !== null) {
      logger.warn({ dataDir: env.DATA_DIR, was: tightenedFrom.toString(8) }, 'data folder was not private; now 0700');
    }
  } catch (error) {
    process.stderr.write(`Kollab cannot start: ${(error as Error).message}\n`);
    process.exit(78);
  }
  const secrets = await loadSecrets(env);

  const database = env.DATABASE_URL
    ? await createDb({ url: env.DATABASE_URL })
    : await createDb({ pgliteDir: join(env.DATA_DIR, 'pglite') });
  try {
    await migrate(database);
  } catch (error) {
    const where = env.DATABASE_URL ? 'the database at DATABASE_URL' : `the embedded database in ${env.DATA_DIR}`;
    logger.fatal({ err: error }, `could not migrate ${where}`);
    process.stderr.write(`Kollab cannot start: could not reach or migrate ${where}.\n`);
    process.exit(1);
  }
  if (env.SEED_DEMO) {
    const created = await seedDemo(database.db, {
      hashPassword,
      encryptSecret: (text) => encrypt(secrets.encryptionKey, text),
      fundCampaign: seedFunding(env),
      demoCovers: readDemoCoverKeys(),
    });
    if (created > 0) logger.info({ created }, 'demo accounts created (see README)');
  }

  // Every pool connection opened before the first request, not by the first burst of them (ADR 036,
  // "First-second tails"): a request then never waits for a connection to be made.
  const connections = await database.openPool();
  logger.debug({ connections }, 'database pool open');

  // Mail and scheduled work are jobs in the database (ADR 031); this instance works them too.
  const queue = await openJobQueue(database, logger);
  const mailer = queuedMailer(queue);
  const afterResponse = createAfterResponse();
  const storage = createStorage(env);
  const bus = await createMessageBus(database, logger);
  // Without a provider key the sample provider answers: on a loopback port of its own (never on
  // the public server), reached over HTTP exactly as the real provider would be.
  if (sample) logger.info({ url: sample.url }, 'sample provider listening on the loopback interface');
  const provider = createProvider(env, logger, sample ? { sample } : {});
  if (!env.STRIPE_SECRET_KEY && !options.paymentsStandIn) {
    process.stderr.write(
      'Kollab cannot start.\nSTRIPE_SECRET_KEY: required when the API runs on its own; `npm start` (scripts/start.ts) runs the payments stand-in instead.\n',
    );
    process.exit(78);
  }
  const payments = createPaymentGateway(
    env,
    !env.STRIPE_SECRET_KEY && options.paymentsStandIn ? { standIn: options.paymentsStandIn } : {},
  );
  if (payments.standIn)
    logger.info({ url: options.paymentsStandIn?.url }, 'payments stand-in listening on the loopback interface');
  const bankIdStandIn = env.BANKID_URL ? undefined : options.bankIdStandIn;
  if (bankIdStandIn) logger.info({ app: bankIdStandIn.appUrl }, 'BankID stand-in listening on the loopback interface');
  const bankId = await configureBankId(env, bankIdStandIn);
  const swish = await configureSwish(env, env.SWISH_URL ? undefined : options.swishStandIn);
  const app = createApp({
    db: database.db,
    dbKind: database.kind,
    env,
    logger,
    mailer,
    jobs: queue,
    afterResponse,
    storage,
    bus,
    secrets,
    provider,
    payments,
    ...(bankId ? { bankId } : {}),
    ...(swish ? { swish } : {}),
    siteDir: join(repoRoot, 'site', 'dist'),
    portalDir: join(repoRoot, 'portal', 'dist'),
    portalRenderer: join(repoRoot, 'portal', 'dist-server', 'entry-server.js'),
  });
  const now = options.now ?? (() => new Date());
  const jobDeps = { db: database.db, mailer, env, logger, storage, jobs: queue, now };
  await queue.work([
    mailQueue(createMailer(env, logger)),
    trackingQueue({ db: database.db, provider, env, logger, now }),
    ...scheduledQueues(jobDeps),
  ]);
  const server = serve({ fetch: app.fetch, port: env.PORT, ...(env.HOST ? { hostname: env.HOST } : {}) }, (info) => {
    logger.info(
      { port: info.port, db: database.kind, url: env.PUBLIC_URL },
      `Kollab is listening on ${env.PUBLIC_URL}`,
    );
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.fatal({ err: error }, error.code === 'EADDRINUSE' ? `PORT ${env.PORT} is already in use` : 'server error');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the database; force after 10 s.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      // Mail promised in answers already sent (sign-up, reset links) is queued before the queue stops;
      // what is queued and not yet sent goes out from the next instance to start.
      await afterResponse.settle();
      await queue.stop();
      await sample?.close();
      await options.paymentsStandIn?.close();
      await options.bankIdStandIn?.close();
      await options.swishStandIn?.close();
      await bus.close();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // Event streams never go idle: give them a moment, then close them so the process can exit.
    setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 2_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return {
    runScheduledWork: async () => {
      await sweep(jobDeps, now());
    },
  };
}

// Run when started as a program (`node api/src/server.ts`), not when the composition root imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await startServer();
