import { campaigns, claims, invitations } from '@kollab/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { purgeOldClientLogs } from '../modules/auth/client-log.ts';
import { notifyUnreadMessages } from '../modules/chat/chat.notifications.ts';
import { type ClaimDeps, transitionClaim } from '../modules/claims/claims.service.ts';
import {
  type DeletionDeps,
  processDueDeletionRequests,
} from '../modules/deletion-requests/deletion-requests.processing.ts';
import { purgeExpiredCache } from '../modules/discovery/cache.ts';
import { AppError } from './errors.ts';

export interface SweepResult {
  invitationsExpired: number;
  claimsExpired: number;
  claimsAutoAccepted: number;
  messageNotifications: number;
  deletionRequestsProcessed: number;
  providerCachePurged: number;
  clientLogsPurged: number;
}

/**
 * The time-based work: unanswered invitations past their respond-by date expire, pending claims on
 * ended campaigns expire, submissions the brand left unreviewed past `autoAcceptAt` are accepted, and
 * confirmed deletion requests past their due date are carried out, expired provider answers and
 * client log events past their retention are dropped. Every step is a conditional update on PostgreSQL, so several API instances can sweep at once.
 */
export async function sweep(deps: ClaimDeps & DeletionDeps, now = new Date()): Promise<SweepResult> {
  const { db } = deps;
  const expired = await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(and(eq(invitations.status, 'pending'), lt(invitations.respondBy, now)))
    .returning({ id: invitations.id });
  const stale = await db
    .select({ id: claims.id })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(and(eq(claims.status, 'pending'), lt(campaigns.endsAt, now)));
  const due = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.status, 'submitted'), lt(claims.autoAcceptAt, now)));
  let claimsExpired = 0;
  let claimsAutoAccepted = 0;
  for (const claim of stale)
    if (await quietly(() => transitionClaim(deps, 'system', claim.id, 'expired'))) claimsExpired++;
  for (const claim of due)
    if (await quietly(() => transitionClaim(deps, 'system', claim.id, 'accepted'))) claimsAutoAccepted++;
  const messageNotifications = await notifyUnreadMessages(deps, now);
  const deletionRequestsProcessed = await processDueDeletionRequests(deps, now);
  const providerCachePurged = await purgeExpiredCache(db, now);
  const clientLogsPurged = await purgeOldClientLogs(db, deps.env.CLIENT_LOG_RETENTION_DAYS, now);
  return {
    invitationsExpired: expired.length,
    claimsExpired,
    claimsAutoAccepted,
    messageNotifications,
    deletionRequestsProcessed,
    providerCachePurged,
    clientLogsPurged,
  };
}

/** Another instance may have moved the claim first: a state conflict is not an error here. */
async function quietly(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return false;
    throw error;
  }
}

/** Runs `sweep` every `intervalMs` until stopped; overlapping runs are skipped. */
export function startScheduler(deps: ClaimDeps & DeletionDeps & { logger: Logger }, intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await sweep(deps);
      if (Object.values(result).some((count) => count > 0)) {
        deps.logger.info(result, 'scheduled work done');
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'scheduled work failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
