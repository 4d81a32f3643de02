import { defineJob } from '../../jobs/job.ts';
import { purgeOldClientLogs } from './client-log.ts';
import { purgeExpiredCredentials } from './expired-credentials.ts';

/** Client log events older than CLIENT_LOG_RETENTION_DAYS are deleted. */
export const purgeClientLogs = defineJob({
  name: 'clientLogsPurged',
  run: ({ db, env }, now) => purgeOldClientLogs(db, env.CLIENT_LOG_RETENTION_DAYS, now),
});

/**
 * Expired sessions, used or expired links and challenges, old BankID orders, ended rate-limit
 * windows and day-old idempotency keys are deleted in bounded batches (ADR 021). Every ten minutes: each run scans the tables
 * without an index on their deadlines (see the ADR), and nothing reads an expired row anyway.
 */
export const purgeExpiredCredentialRows = defineJob({
  name: 'expiredCredentialsPurged',
  cron: '*/10 * * * *',
  // The system's clock, not the scheduled-work clock: sessions, links and rate limits are checked
  // against the system's (and the database's) time, so purging by a clock the browser suite moved
  // forward would end sessions and links that still work.
  async run({ db }) {
    const result = await purgeExpiredCredentials(db, new Date());
    return Object.values(result)
      .flat()
      .reduce((sum, rows) => sum + rows, 0);
  },
});
