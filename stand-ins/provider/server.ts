/**
 * Runs the sample provider on its own (`npm run provider:sample`), for trying the provider client
 * or a tool like curl against it. PORT (default 3100) and SAMPLE_PROVIDER_FAULTS (see faults.ts)
 * come from the environment; SAMPLE_PROVIDER_KEYS (comma-separated) limits the accepted keys.
 */
import { serve } from '@hono/node-server';
import { createSampleProvider } from './app.ts';
import { getDataset } from './dataset.ts';

const port = Number(process.env.PORT ?? 3100);
const keys = process.env.SAMPLE_PROVIDER_KEYS?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const app = createSampleProvider({
  ...(process.env.SAMPLE_PROVIDER_FAULTS ? { faults: process.env.SAMPLE_PROVIDER_FAULTS } : {}),
  ...(keys?.length ? { apiKeys: keys } : {}),
});
// Generate the dataset before listening, so the first request is as fast as the others.
getDataset();
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  process.stdout.write(`Sample provider listening on http://${info.address}:${info.port}\n`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(error.code === 'EADDRINUSE' ? `PORT ${port} is already in use.\n` : `${error.message}\n`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
