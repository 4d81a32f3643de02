/**
 * The composition root's work, shared by `scripts/start.ts` (`npm start`, the browser suite, the
 * benchmarks) and the browser suite's time-travel server: it starts the stand-ins the
 * configuration needs, then the API pointed at them, in one process, so a signal or a crash ends
 * both. Today that is the influencer-data provider when PROVIDER_API_KEY is not set, the payments
 * stand-in without STRIPE_SECRET_KEY, BankID's without BANKID_URL and Swish's without SWISH_URL: on
 * 127.0.0.1, a free port and a random key of this process (ADR 011), never on the API's public
 * server. `node api/src/server.ts` runs the API alone, with a real provider.
 */
import { type RunningServer, startServer } from '@kollab/api/server';
import { startBankIdStandIn } from '@kollab/stand-ins/bankid';
import { startPaymentsStandIn } from '@kollab/stand-ins/payments';
import {
  type EmbeddedSampleProvider,
  readSampleProviderSettings,
  type SampleProviderSettings,
  SampleProviderSettingsError,
  startEmbeddedSampleProvider,
} from '@kollab/stand-ins/provider';
import { startSwishStandIn } from '@kollab/stand-ins/swish';

export interface Kollab {
  server: RunningServer;
  /** The sample provider this process started (absent with PROVIDER_API_KEY). */
  sampleProvider?: EmbeddedSampleProvider;
}

export async function startKollab(options: { now?: () => Date } = {}): Promise<Kollab> {
  // The stand-in checks its own settings, even when a real provider is configured (as before ADR 014).
  let sampleSettings: SampleProviderSettings = {};
  try {
    sampleSettings = readSampleProviderSettings();
  } catch (error) {
    if (!(error instanceof SampleProviderSettingsError)) throw error;
    process.stderr.write(`Kollab cannot start.\n${error.message}\nSee .env.example for every setting.\n`);
    process.exit(78);
  }
  const now = options.now;
  // The same test as the API's (env.ts reads an empty value as unset).
  const sampleProvider = process.env.PROVIDER_API_KEY?.trim()
    ? undefined
    : await startEmbeddedSampleProvider({
        ...(sampleSettings.faults ? { faults: sampleSettings.faults } : {}),
        ...(now ? { now: () => now().getTime() } : {}),
        // The browser suite fixes port and key to set bios through the stand-in-only route (ADR 032).
        ...(sampleSettings.port ? { port: sampleSettings.port } : {}),
        ...(sampleSettings.apiKeys?.[0] ? { apiKey: sampleSettings.apiKeys[0] } : {}),
      });
  // Without STRIPE_SECRET_KEY the payments stand-in answers the Stripe client and posts its signed
  // events to this server's webhook endpoint on the loopback interface.
  const apiHost = process.env.HOST?.trim() && process.env.HOST !== '0.0.0.0' ? process.env.HOST.trim() : '127.0.0.1';
  const paymentsStandIn = process.env.STRIPE_SECRET_KEY?.trim()
    ? undefined
    : await startPaymentsStandIn({
        webhookUrl: `http://${apiHost}:${process.env.PORT?.trim() || 3000}/api/payments/webhook`,
      });
  // BankID (ADR 026): the stand-in, with its own test CA and RP certificate, unless BANKID_URL is set.
  const bankIdStandIn = process.env.BANKID_URL?.trim() ? undefined : await startBankIdStandIn();
  // Swish payouts (ADR 029): the stand-in, with its own test CA, client and signing certificates, unless SWISH_URL is set.
  const swishStandIn = process.env.SWISH_URL?.trim() ? undefined : await startSwishStandIn();
  const server = await startServer({
    ...(sampleProvider ? { sampleProvider } : {}),
    ...(paymentsStandIn ? { paymentsStandIn } : {}),
    ...(bankIdStandIn ? { bankIdStandIn } : {}),
    ...(swishStandIn ? { swishStandIn } : {}),
    ...(now ? { now } : {}),
  });
  return { server, ...(sampleProvider ? { sampleProvider } : {}) };
}
