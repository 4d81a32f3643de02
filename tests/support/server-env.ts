import { createServer } from 'node:net';
import { DEFAULT_CLIENT_ID, googleSettings } from '@kollab/stand-ins/google';
import { instanceName } from './round-robin-proxy.ts';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Every rate limit is this many times its production value in the browser suite. */
export const RATE_LIMIT_MULTIPLIER = 20;

/**
 * The settings every API server of the browser suite runs with, whether one on PGlite or several
 * on PostgreSQL: links in mails point at `publicUrl` (what the browsers use), mail goes to files in
 * `dataDir` (where the specs read it), and rate limits and the per-address chat stream cap are raised
 * because every journey's browsers come from 127.0.0.1. The journeys add payout methods and pay
 * withdrawals at once, and run longer than the 10 minutes a sign-in opens sensitive changes for, so
 * the review hold is off and the window a day long; both are covered by the API suite
 * (reauthentication.test.ts).
 */
export function serverEnv(publicUrl: string, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: String(RATE_LIMIT_MULTIPLIER),
    PAYOUT_METHOD_HOLD_HOURS: '0',
    REAUTH_WINDOW_MINUTES: '1440',
    CHAT_STREAMS_PER_IP: '1000',
  };
}

/**
 * How the suite runs its API: `instances` servers (E2E_INSTANCES, default 1), on PostgreSQL behind
 * the round-robin proxy when there are several or E2E_DATABASE_URL is set, else one server on PGlite.
 */
export function e2eMode(): { instances: number; onPostgres: boolean } {
  const instances = Number(process.env.E2E_INSTANCES ?? '1');
  if (!Number.isInteger(instances) || instances < 1) throw new Error('E2E_INSTANCES must be a whole number ≥ 1');
  return { instances, onPostgres: instances > 1 || !!process.env.E2E_DATABASE_URL };
}

/** The names the proxy gives the instances in `X-Served-By` (A, B…); none when one server answers directly. */
export function proxiedInstanceNames(): string[] {
  const { instances, onPostgres } = e2eMode();
  return onPostgres ? Array.from({ length: instances }, (_, index) => instanceName(index)) : [];
}

/**
 * The suite's payments stand-in (stand-ins/payments/server.ts, a Playwright webServer): one process
 * for every API instance, as there is one Stripe, because it keeps its PaymentIntents in memory and
 * a payment started on one instance is confirmed or read on another; its signed webhooks go to the
 * suite's public URL (the proxy with several instances). The config picks the port and secrets once.
 */
export function paymentsStandIn(): {
  url: string;
  port: string;
  env: Record<string, string>;
  settings: Record<string, string>;
} {
  const port = process.env.E2E_PAYMENTS_PORT;
  const secretKey = process.env.E2E_STRIPE_SECRET_KEY;
  const webhookSecret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
  if (!port || !secretKey || !webhookSecret)
    throw new Error(
      'E2E_PAYMENTS_PORT, E2E_STRIPE_SECRET_KEY and E2E_STRIPE_WEBHOOK_SECRET are set by playwright.config.ts',
    );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_PORT}/api/payments/webhook`,
    },
    settings: { STRIPE_API_URL: url, STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret },
  };
}

/**
 * The suite's Google OAuth stand-in (stand-ins/google/server.ts, a Playwright webServer): one process
 * for every API instance, because it keeps the codes it grants in memory and the callback may reach
 * another instance than the one that started the sign-in. The config picks E2E_GOOGLE_PORT and
 * E2E_GOOGLE_CLIENT_SECRET once; workers inherit them. `settings` point an API server at it.
 */
export function googleStandIn(): { url: string; port: string; clientSecret: string; settings: Record<string, string> } {
  const port = process.env.E2E_GOOGLE_PORT;
  const clientSecret = process.env.E2E_GOOGLE_CLIENT_SECRET;
  if (!port || !clientSecret)
    throw new Error('E2E_GOOGLE_PORT and E2E_GOOGLE_CLIENT_SECRET are set by playwright.config.ts');
  const url = `http://127.0.0.1:${port}`;
  return { url, port, clientSecret, settings: googleSettings(url, DEFAULT_CLIENT_ID, clientSecret) };
}

/**
 * The sample provider embedded in the single API server (scripts/start.ts) on a port and key the
 * config picks once, instead of random ones, so specs can call its stand-in-only routes — setting
 * an account's bio for the verified-accounts spec (ADR 032). `settings` go to that server only:
 * the faults project's servers and the PostgreSQL instances each embed their own on a free port.
 */
export function sampleProviderStandIn(): { url: string; key: string; settings: Record<string, string> } {
  const port = process.env.E2E_SAMPLE_PROVIDER_PORT;
  const key = process.env.E2E_SAMPLE_PROVIDER_KEY;
  if (!port || !key)
    throw new Error('E2E_SAMPLE_PROVIDER_PORT and E2E_SAMPLE_PROVIDER_KEY are set by playwright.config.ts');
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    settings: { SAMPLE_PROVIDER_PORT: port, SAMPLE_PROVIDER_KEYS: key },
  };
}
