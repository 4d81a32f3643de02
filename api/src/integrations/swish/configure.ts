import { readFile } from 'node:fs/promises';
import type { Env } from '../../env.ts';
import { createSwishClient, type SwishClient } from './client.ts';

export interface Swish {
  client: SwishClient;
}

/** A Swish stand-in the composition root started (scripts/start.ts): its URL and test certificates, PEM. */
export interface SwishStandInHandle {
  url: string;
  pki: { ca: string; client: { cert: string; key: string } };
  signing: { key: string; serialNumber: string };
  close(): Promise<void>;
}

/**
 * The real Swish Payouts API when SWISH_URL is set (certificates read once at start), else the
 * stand-in handed over, else none: Swish payouts then answer `service_unavailable`.
 */
export async function configureSwish(env: Env, standIn?: SwishStandInHandle): Promise<Swish | undefined> {
  const timeoutMs = 15_000;
  if (env.SWISH_URL) {
    const read = (path: string | undefined) => readFile(path ?? '');
    const [cert, key, ca, signingKey] = await Promise.all([
      read(env.SWISH_CERT_PATH),
      read(env.SWISH_KEY_PATH),
      read(env.SWISH_CA_PATH),
      read(env.SWISH_SIGNING_KEY_PATH),
    ]);
    return {
      client: createSwishClient({
        baseUrl: env.SWISH_URL,
        tls: { cert, key, ca },
        signing: { key: signingKey, serialNumber: env.SWISH_SIGNING_SERIAL ?? '' },
        payerAlias: env.SWISH_PAYER_ALIAS,
        timeoutMs,
      }),
    };
  }
  if (!standIn) return undefined;
  return {
    client: createSwishClient({
      baseUrl: standIn.url,
      tls: {
        ca: Buffer.from(standIn.pki.ca),
        cert: Buffer.from(standIn.pki.client.cert),
        key: Buffer.from(standIn.pki.client.key),
      },
      signing: { key: Buffer.from(standIn.signing.key), serialNumber: standIn.signing.serialNumber },
      payerAlias: env.SWISH_PAYER_ALIAS,
      timeoutMs,
    }),
  };
}
