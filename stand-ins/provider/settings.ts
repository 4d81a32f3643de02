/**
 * The sample provider's own settings, read from the environment by whoever starts it (its
 * `server.ts`, or the composition root `scripts/start.ts`). The stand-in checks them itself: the
 * API knows nothing of its faults (ADR 014).
 */
import { FaultSpecError, parseFaults } from './faults.ts';

export interface SampleProviderSettings {
  /** `SAMPLE_PROVIDER_FAULTS`: a process-wide fault spec (see faults.ts). */
  faults?: string;
  /**
   * `SAMPLE_PROVIDER_KEYS`, comma-separated: the accepted keys. The standalone server accepts them
   * all; the embedded one (scripts/start.ts) takes the first instead of a random key.
   */
  apiKeys?: string[];
  /**
   * `SAMPLE_PROVIDER_PORT`: the embedded provider's loopback port instead of a free one, so a
   * browser test can reach its stand-in-only routes (`/_sample/…`) with the key above.
   */
  port?: number;
}

/** A setting the stand-in cannot start with; the message names it as `NAME: reason`. */
export class SampleProviderSettingsError extends Error {}

export function readSampleProviderSettings(env: NodeJS.ProcessEnv = process.env): SampleProviderSettings {
  const faults = env.SAMPLE_PROVIDER_FAULTS?.trim();
  if (faults) {
    try {
      parseFaults(faults);
    } catch (error) {
      if (!(error instanceof FaultSpecError)) throw error;
      throw new SampleProviderSettingsError(`SAMPLE_PROVIDER_FAULTS: ${error.message}`);
    }
  }
  const apiKeys = env.SAMPLE_PROVIDER_KEYS?.split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const portText = env.SAMPLE_PROVIDER_PORT?.trim();
  const port = portText ? Number(portText) : undefined;
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new SampleProviderSettingsError('SAMPLE_PROVIDER_PORT: must be a port number (1–65535)');
  }
  return {
    ...(faults ? { faults } : {}),
    ...(apiKeys?.length ? { apiKeys } : {}),
    ...(port !== undefined ? { port } : {}),
  };
}
