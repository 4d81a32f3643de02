import type { ModerationCase } from '@kollab/contract/api/chat';
import type { Database } from '@kollab/db';
import { claims, type ModerationCase as ModerationCaseRow, moderationCases, type User } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { getConversationClaim } from './chat.service.ts';

/*
 * Moderation cases (ADR 023): a participant reports a conversation, or an admin opens a case on it
 * with a written reason. While a case is open, admins may read and answer the conversation; every
 * read is in the audit log (chat.service.ts). Closing the case ends that access.
 */

export function toCaseView(row: ModerationCaseRow): ModerationCase {
  return {
    id: row.id,
    claimId: row.claimId,
    openedByRole: row.openedByRole,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/**
 * Opens the conversation's case, or answers the one already open (one per claim, a partial unique
 * index): a second report, or an admin opening a reported conversation, changes nothing.
 */
async function openCase(
  db: Database,
  actor: User,
  claimId: string,
  reason: string,
): Promise<{ case: ModerationCase; created: boolean }> {
  const [inserted] = await db
    .insert(moderationCases)
    .values({ claimId, openedBy: actor.id, openedByRole: actor.role, reason })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await recordAudit(db, actor, 'moderation_case.opened', { type: 'claim', id: claimId }, { caseId: inserted.id });
    return { case: toCaseView(inserted), created: true };
  }
  const [open] = await db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.claimId, claimId), eq(moderationCases.status, 'open')));
  if (!open) throw new Error('moderation case neither inserted nor open');
  return { case: toCaseView(open), created: false };
}

/**
 * A creator or brand reports their conversation to Kollab (5 reports an hour per user).
 * @throws not_found when it is not theirs; forbidden for admins (they open cases instead)
 */
export async function reportConversation(db: Database, actor: User, claimId: string, reason: string) {
  if (actor.role === 'admin') throw new AppError('forbidden', 'Admins open a moderation case instead');
  await getConversationClaim(db, actor, claimId);
  await enforceRateLimit(db, `chat:report:${actor.id}`, { limit: 5, windowSeconds: 3600 });
  return openCase(db, actor, claimId, reason);
}

/**
 * An admin opens a moderation case on a claim's conversation, with the reason in the audit log.
 * @throws not_found for an unknown claim
 */
export async function openCaseAsAdmin(db: Database, admin: User, claimId: string, reason: string) {
  const [claim] = await db.select({ id: claims.id }).from(claims).where(eq(claims.id, claimId));
  if (!claim) throw new AppError('not_found', 'Claim not found');
  return openCase(db, admin, claimId, reason);
}

/**
 * Closes an open case; admins can no longer read the conversation.
 * @throws not_found for an unknown case; conflict when it is already closed
 */
export async function closeCase(db: Database, admin: User, caseId: string): Promise<ModerationCase> {
  const [closed] = await db
    .update(moderationCases)
    .set({ status: 'closed', closedAt: new Date(), closedBy: admin.id })
    .where(and(eq(moderationCases.id, caseId), eq(moderationCases.status, 'open')))
    .returning();
  if (!closed) {
    const [known] = await db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.id, caseId));
    throw known
      ? new AppError('conflict', 'The case is already closed')
      : new AppError('not_found', 'Moderation case not found');
  }
  await recordAudit(db, admin, 'moderation_case.closed', { type: 'claim', id: closed.claimId }, { caseId });
  return toCaseView(closed);
}
