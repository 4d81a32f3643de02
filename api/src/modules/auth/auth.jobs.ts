import { defineJob } from '../../jobs/job.ts';
import { purgeOldClientLogs } from './client-log.ts';

/** Client log events older than CLIENT_LOG_RETENTION_DAYS are deleted. */
export const purgeClientLogs = defineJob({
  name: 'clientLogsPurged',
  run: ({ db, env }, now) => purgeOldClientLogs(db, env.CLIENT_LOG_RETENTION_DAYS, now),
});
