import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { createProviderClient, type ProviderClient } from '../../integrations/provider/index.ts';

/** The provider client the discovery routes use, and whether it is the built-in sample. */
export interface Provider {
  client: ProviderClient;
  /** True while the built-in sample provider answers (no PROVIDER_API_KEY): the portal says so. */
  sample: boolean;
}

/** The bearer key tests give their sample provider; the server makes a random one per process. */
export const SAMPLE_PROVIDER_KEY = 'kollab-sample-provider';

/**
 * The real provider when PROVIDER_API_KEY is set; otherwise the sample provider at `sample`, which
 * whoever starts the API started on a loopback port (scripts/start.ts, or a test; ADR 014). The
 * client speaks HTTP to both, so the same code path runs with and without a key.
 */
export function createProvider(
  env: Env,
  logger: Logger,
  options: {
    sample?: { url: string; apiKey: string };
    rateLimitPerSecond?: number;
    backoffMs?: { baseMs: number; maxMs: number };
    /** The HTTP client (tests count the requests that leave); default the global fetch. */
    fetch?: typeof fetch;
  },
): Provider {
  const sample = !env.PROVIDER_API_KEY;
  if (sample && !options.sample) throw new Error('Without PROVIDER_API_KEY the sample provider must be running');
  const client = createProviderClient({
    baseUrl: sample ? (options.sample?.url ?? '') : env.PROVIDER_BASE_URL,
    apiKey: env.PROVIDER_API_KEY ?? options.sample?.apiKey ?? '',
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    ...(options.rateLimitPerSecond ? { rateLimit: { perSecond: options.rateLimitPerSecond } } : {}),
    ...(options.backoffMs ? { backoff: options.backoffMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    logger: logger.child({ component: 'provider' }),
  });
  return { client, sample };
}
