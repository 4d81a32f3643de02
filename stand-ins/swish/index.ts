/**
 * The Swish stand-in on a loopback port of its own, over HTTPS with mutual TLS (a test CA made at
 * start; the client certificate and the payout signing key are handed to the API).
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createSwishStandIn, type SwishStandInOptions } from './app.ts';
import type { StandInPayout } from './payouts.ts';
import { createSwishPki, type SwishPki } from './pki.ts';

export { createSwishStandIn, type SwishStandInApp, type SwishStandInOptions } from './app.ts';
export { callbackFailure, refusal, type StandInPayout } from './payouts.ts';
export { createSwishPki, type SwishPki } from './pki.ts';

export interface SwishStandIn {
  /** The API's base URL, `https://127.0.0.1:<port>`. */
  url: string;
  pki: SwishPki;
  /** The signing key and serial, as the API's configuration wants them. */
  signing: { key: string; serialNumber: string };
  payouts: Map<string, StandInPayout>;
  sendCallback(instructionId: string): Promise<void>;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function startSwishStandIn(
  options: Omit<SwishStandInOptions, 'signingCertificate'> = {},
): Promise<SwishStandIn> {
  const pki = await createSwishPki();
  const standIn = createSwishStandIn({ ...options, signingCertificate: pki.signing.cert });
  const server = serve({
    fetch: standIn.app.fetch,
    port: 0,
    hostname: '127.0.0.1',
    createServer,
    serverOptions: { ...pki.server, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    pki,
    signing: { key: pki.signing.key, serialNumber: pki.signing.serialNumber },
    payouts: standIn.payouts,
    sendCallback: standIn.sendCallback,
    idle: standIn.idle,
    close: async () => {
      await standIn.idle();
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
