/** The payments stand-in on a loopback port of its own, as `scripts/start.ts` and tests start it. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createPaymentsStandIn, type PaymentsStandIn, type PaymentsStandInOptions } from './app.ts';

export { createPaymentsStandIn, type PaymentsStandIn, type PaymentsStandInOptions } from './app.ts';
export { TEST_CARDS } from './cards.ts';
export { type StripeEvent, signatureHeader } from './webhooks.ts';

export interface RunningPaymentsStandIn {
  /** The base URL the Stripe client is pointed at (its host, port and protocol). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  standIn: PaymentsStandIn;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 and a free port (or `port`). */
export async function startPaymentsStandIn(
  options: PaymentsStandInOptions & { port?: number } = {},
): Promise<RunningPaymentsStandIn> {
  const standIn = createPaymentsStandIn(options);
  const listener = serve({ fetch: standIn.app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => listener.once('listening', () => resolve()));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    standIn,
    close: async () => {
      await standIn.settled();
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        if ('closeAllConnections' in listener) listener.closeAllConnections();
      });
    },
  };
}
