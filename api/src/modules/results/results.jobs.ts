import { defineJob } from '../../jobs/job.ts';
import { queueDueReads } from './tracking.service.ts';

/** Tracked posts whose read is due get one `tracking.read` job each (ADR 033). */
export const queuePostReads = defineJob({
  name: 'postReadsQueued',
  async run(deps, now) {
    return deps.jobs ? queueDueReads(deps.db, deps.jobs, now) : 0;
  },
});
