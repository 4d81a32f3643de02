/**
 * Runs the sample provider on its own (`npm run provider:sample`), for trying the provider client
 * or a tool like curl against it. PORT (default 3100) and SAMPLE_PROVIDER_FAULTS (see faults.ts)
 * come from the environment; SAMPLE_PROVIDER_KEYS (comma-separated) limits the accepted keys.
 */
import { serve } from '@hono/node-server';
import { createSampleProvider } from './app.ts';
import { getDataset } from './dataset.ts';
import { readSampleProviderSettings, SampleProviderSettingsError } from './settings.ts';

const port = Number(process.env.PORT ?? 3100);
let settings: ReturnType<typeof readSampleProviderSettings>;
try {
  settings = readSampleProviderSettings();
} catch (error) {
  if (!(error instanceof SampleProviderSettingsError)) throw error;
  process.stderr.write(`The sample provider cannot start.\n${error.message}\n`);
  process.exit(78);
}
const app = createSampleProvider(settings);
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
