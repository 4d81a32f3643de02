import { purgeClientLogs, purgeExpiredCredentialRows } from '../modules/auth/auth.jobs.ts';
import { mailBillingDocuments } from '../modules/billing/billing.jobs.ts';
import { mailUnreadMessages } from '../modules/chat/chat.jobs.ts';
import { autoAcceptDueSubmissions, expireStaleClaims } from '../modules/claims/claims.jobs.ts';
import { processDeletionRequests } from '../modules/deletion-requests/deletion-requests.jobs.ts';
import { expireOverdueInvitations, purgeProviderCache } from '../modules/discovery/discovery.jobs.ts';
import { closeEndedCampaignEscrows } from '../modules/payments/payments.jobs.ts';
import { queuePostReads } from '../modules/results/results.jobs.ts';
import { remindUnverifiedAccounts } from '../modules/verification/verification.jobs.ts';

/**
 * Every module's scheduled work, in the order one sweep runs it. Each module declares its jobs in
 * its own `<module>.jobs.ts`; registering one is adding it here (as `app.ts` mounts routers), so
 * the order is explicit and nothing depends on which files happened to be imported.
 */
export const JOBS = [
  expireOverdueInvitations,
  expireStaleClaims,
  autoAcceptDueSubmissions,
  queuePostReads,
  closeEndedCampaignEscrows,
  mailUnreadMessages,
  mailBillingDocuments,
  remindUnverifiedAccounts,
  processDeletionRequests,
  purgeProviderCache,
  purgeClientLogs,
  purgeExpiredCredentialRows,
] as const;

/** A sweep's counts, one per registered job, keyed by the job's name. */
export type SweepResult = { [Job in (typeof JOBS)[number] as Job['name']]: number };
