import { prepareTestTemplate } from '@kollab/db';
import { openJobQueue } from '../../src/jobs/queue.ts';
import { createLogger } from '../../src/lib/logger.ts';

/**
 * Vitest's global setup: one migrated database with the job queue's schema, made once per run,
 * which every test database starts as a copy of (db/src/testing.ts). Migrating each of ~130
 * databases from empty took about a third of the suite's time.
 */
export default function setup(): Promise<() => Promise<void>> {
  const logger = createLogger('silent');
  return prepareTestTemplate(async (database) => {
    await (await openJobQueue(database, logger, { schedules: false })).stop();
  });
}
