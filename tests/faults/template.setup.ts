import { expect, test as setup } from '@playwright/test';
import { startApiProcess } from '../support/api-process.ts';
import { templateDir } from './fixtures.ts';

setup('seeds the data directory every fault server starts from', async () => {
  // A first start creates the embedded database, migrates it and seeds the demo accounts: most of
  // a server's start-up time. The fault specs copy the result instead of paying that each time.
  const server = await startApiProcess(templateDir(), { LOG_LEVEL: 'warn', SEED_DEMO: 'true' });
  expect(await server.stop()).toBe(0);
  expect(server.stderr()).toBe('');
});
