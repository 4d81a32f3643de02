import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSampleProvider } from './app.ts';

/** The built-in sample provider as this process's API reaches it. */
export interface EmbeddedSampleProvider {
  /** `http://127.0.0.1:<port>`: the loopback interface only, on a port of its own. */
  url: string;
  /** The bearer key it accepts: random per process unless given (tests use a fixed one). */
  apiKey: string;
  close(): Promise<void>;
}

/**
 * Starts the sample provider for an API without PROVIDER_API_KEY: on 127.0.0.1 and a free port,
 * never on the API's public server, so nobody outside this machine can call it or spend its
 * credits, and with the API's body limit. The client speaks HTTP to it exactly as to the real one.
 */
export async function startEmbeddedSampleProvider(
  options: {
    apiKey?: string;
    faults?: string;
    now?: () => number;
    /** A fixed loopback port (the browser suite sets bios through it, ADR 032); default a free one. */
    port?: number;
  } = {},
): Promise<EmbeddedSampleProvider> {
  const apiKey = options.apiKey ?? randomBytes(24).toString('base64url');
  const app = createSampleProvider({
    apiKeys: [apiKey],
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
