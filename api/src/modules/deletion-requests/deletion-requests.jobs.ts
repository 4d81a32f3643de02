import { defineJob } from '../../jobs/job.ts';
import { processDueDeletionRequests } from './deletion-requests.processing.ts';

/** Confirmed deletion requests past their due date are carried out. */
export const processDeletionRequests = defineJob({
  name: 'deletionRequestsProcessed',
  run: (deps, now) => processDueDeletionRequests(deps, now),
});
