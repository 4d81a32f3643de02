import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { createProviderClient, type ProviderClient } from '../../integrations/provider/index.ts';

/** The provider client the discovery routes use, and whether it is the built-in sample. */
export interface Provider {
  client: ProviderClient;
  /** True while the built-in sample provider answers (no PROVIDER_API_KEY): the portal says so. */
  sample: boolean;
}

/** Where the built-in sample provider is mounted inside the API. */
export const SAMPLE_PROVIDER_PATH = '/sample-provider/v1';
/** The bearer key the API uses with its own sample provider (the sample has no secrets to guard). */
export const SAMPLE_PROVIDER_KEY = 'kollab-sample-provider';

/**
 * The real provider when PROVIDER_API_KEY is set; otherwise the sample provider at `sampleBaseUrl`
 * (this process's own origin, or a standalone sample server in tests). The client speaks HTTP to
 * both, so the same code path runs with and without a key.
 */
export function createProvider(
  env: Env,
  logger: Logger,
  options: { sampleBaseUrl: string; rateLimitPerSecond?: number; backoffMs?: { baseMs: number; maxMs: number } },
): Provider {
  const sample = !env.PROVIDER_API_KEY;
  const client = createProviderClient({
    baseUrl: sample ? options.sampleBaseUrl : env.PROVIDER_BASE_URL,
    apiKey: env.PROVIDER_API_KEY ?? SAMPLE_PROVIDER_KEY,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    ...(options.rateLimitPerSecond ? { rateLimit: { perSecond: options.rateLimitPerSecond } } : {}),
    ...(options.backoffMs ? { backoff: options.backoffMs } : {}),
    logger: logger.child({ component: 'provider' }),
  });
  return { client, sample };
}
