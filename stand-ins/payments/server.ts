/**
 * Runs the payments stand-in on its own (`npm run payments:stand-in`), to try card payments without
 * Stripe: PORT (default 3300), STRIPE_WEBHOOK_URL (default http://127.0.0.1:3000/api/payments/webhook),
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (default random, printed). It prints the settings to
 * give the API.
 */
import { serve } from '@hono/node-server';
import { createPaymentsStandIn } from './app.ts';

const port = Number(process.env.PORT ?? 3300);
const standIn = createPaymentsStandIn({
  webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/payments/webhook',
  ...(process.env.STRIPE_SECRET_KEY ? { secretKey: process.env.STRIPE_SECRET_KEY } : {}),
  ...(process.env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: process.env.STRIPE_WEBHOOK_SECRET } : {}),
});
const server = serve({ fetch: standIn.app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  const url = `http://${info.address}:${info.port}`;
  process.stdout.write(`Payments stand-in listening on ${url}; events go to ${standIn.webhookUrl}.\n`);
  process.stdout.write('Give the API these settings:\n');
  process.stdout.write(`STRIPE_API_URL=${url}\nSTRIPE_SECRET_KEY=${standIn.secretKey}\n`);
  process.stdout.write(`STRIPE_WEBHOOK_SECRET=${standIn.webhookSecret}\n`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(error.code === 'EADDRINUSE' ? `PORT ${port} is already in use.\n` : `${error.message}\n`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
