import type { Database } from '@kollab/db';
import {
  accountVerifications,
  auditLog,
  bankIdOrders,
  brandProfiles,
  campaigns,
  claimEvents,
  claims,
  clientLogs,
  conversationReads,
  creatorProfiles,
  emailTokens,
  idempotencyKeys,
  identityVerifications,
  messages,
  oauthAccounts,
  passkeyRegistrations,
  passkeys,
  paymentMethods,
  ratings,
  recoveryCodes,
  signInChallenges,
  submissions,
  totpCredentials,
  trackedPosts,
  type User,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import { invalidateUserSessions } from '../auth/session.ts';
import { forgetInNotifications } from '../notifications/notifications.service.ts';

/** What an erased account is called everywhere it still appears. */
export const DELETED_NAME = 'Deleted user';

/** What a kept payout shows instead of the payment details it went to. */
export const ERASED_PAYMENT_DETAILS = '—';

/** The address an erased account gets: unique, and on a domain that can never receive mail. */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@deleted.kollab.invalid`;
}

/** Whether a user row is an erased account (it stays for bookkeeping, suspended for good). */
export function isErased(user: Pick<User, 'email'>): boolean {
  return user.email.endsWith('@deleted.kollab.invalid');
}

/** Anonymises the user row and deletes or clears everything else that identifies them. */
export async function eraseUser(tx: Database, user: User, now: Date): Promise<{ avatarKey: string | null }> {
  await tx
    .update(users)
    .set({
      fullName: DELETED_NAME,
      email: erasedEmail(user.id),
      passwordHash: null,
      phone: null,
      personalNumberEncrypted: null,
      avatarKey: null,
      emailVerifiedAt: null,
      twoFactorEnabledAt: null,
      suspendedAt: user.suspendedAt ?? now,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(creatorProfiles)
    .set({ instagramHandle: null, instagramFollowers: null, tiktokHandle: null, tiktokFollowers: null, bio: null })
    .where(eq(creatorProfiles.userId, user.id));
  // The linked handles' verifications go with the handles (ADR 032).
  await tx.delete(accountVerifications).where(eq(accountVerifications.creatorId, user.id));
  await forgetPosts(tx, user.id, now);
  await tx
    .update(brandProfiles)
    .set({
      companyName: DELETED_NAME,
      orgNumber: null,
      website: null,
      instagramHandle: null,
      instagramPosts: null,
      instagramFollowers: null,
      instagramFollowing: null,
    })
    .where(eq(brandProfiles.userId, user.id));
  // Messages stay in the other party's conversation, shown as from a deleted user.
  await tx.update(messages).set({ authorId: null }).where(eq(messages.authorId, user.id));
  // Scores stay in the other party's averages; the words, which may identify either person, go.
  await tx.update(ratings).set({ raterId: null, comment: null }).where(eq(ratings.raterId, user.id));
  await tx.update(ratings).set({ comment: null }).where(eq(ratings.subjectId, user.id));
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, user.id));
  // The BankID identity (ADR 026): personal data, and its number may be verified again on a new account.
  await tx.delete(identityVerifications).where(eq(identityVerifications.userId, user.id));
  await tx.delete(bankIdOrders).where(eq(bankIdOrders.userId, user.id));
  await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, user.id));
  await invalidateUserSessions(tx, user.id);
  await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
  await tx.delete(totpCredentials).where(eq(totpCredentials.userId, user.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, user.id));
  await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
  await tx.delete(passkeyRegistrations).where(eq(passkeyRegistrations.userId, user.id));
  await tx.delete(conversationReads).where(eq(conversationReads.userId, user.id));
  await tx.delete(clientLogs).where(eq(clientLogs.userId, user.id));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id));
  await forgetInNotifications(tx, user.id, DELETED_NAME);
  await anonymiseBookkeeping(tx, user.id);
  return { avatarKey: user.avatarKey };
}

/** A reason that is a code (`brand_account_erased`) rather than someone's words. */
const REASON_CODE = /^[a-z]+(_[a-z0-9]+)+$/;

/**
 * The creator's submitted posts and their review (ADR 022, 033). A post's address leads to their
 * social account and its caption and the brand's written notes may name them, so those go; the
 * rows stay with platform, kind, dates, the ad-label verdict (the campaign's own hashtags) and every
 * reading, which the claim's payout and the campaign's results totals are made of. Their posts are
 * read no more. A reason that is a code (`creator_account_erased`) stays, as in the audit entries.
 */
async function forgetPosts(tx: Database, creatorId: string, now: Date): Promise<void> {
  const theirClaims = tx.select({ id: claims.id }).from(claims).where(eq(claims.creatorId, creatorId));
  await tx
    .update(trackedPosts)
    .set({ status: 'finished', nextMilestone: null, nextReadAt: null })
    .where(and(eq(trackedPosts.creatorId, creatorId), inArray(trackedPosts.status, ['checking', 'tracking'])));
  // `updatedAt` moves with the address: the campaign's results are cached by their rows' versions.
  await tx
    .update(trackedPosts)
    .set({ url: null, caption: null, updatedAt: now })
    .where(eq(trackedPosts.creatorId, creatorId));
  const code = REASON_CODE.source;
  await tx
    .update(submissions)
    .set({
      url: null,
      reviewNote: sql`case when ${submissions.reviewNote} ~ ${code} then ${submissions.reviewNote} end`,
    })
    .where(inArray(submissions.claimId, theirClaims));
  await tx
    .update(claimEvents)
    .set({ reason: null })
    .where(and(inArray(claimEvents.claimId, theirClaims), not(sql`${claimEvents.reason} ~ ${code}`)));
}

/**
 * Bookkeeping records stay for the period the law requires (bookkeeping-retention.ts) but lose
 * what identifies the person: payouts keep amount, status, dates and the bank's reference and lose
 * the payment details and the free-text reason; audit entries by the account or about it, its
 * payouts, its claims or its campaigns keep amounts, ids, statuses and dates only
 * (`scrubAuditDetails`). Ledger entries hold no more than an
 * amount, an account and the opaque holder id, and are never changed (ADR 007).
 */
async function anonymiseBookkeeping(tx: Database, userId: string): Promise<void> {
  const payouts = await tx
    .update(withdrawals)
    .set({ paymentMethodMasked: ERASED_PAYMENT_DETAILS, paymentMethodId: null, reason: null })
    .where(eq(withdrawals.userId, userId))
    .returning({ id: withdrawals.id });
  const about = [
    eq(auditLog.actorId, userId),
    and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)),
    payouts.length
      ? and(
          eq(auditLog.entityType, 'withdrawal'),
          inArray(
            auditLog.entityId,
            payouts.map((row) => row.id),
          ),
        )
      : undefined,
    and(
      eq(auditLog.entityType, 'claim'),
      inArray(auditLog.entityId, tx.select({ id: claims.id }).from(claims).where(eq(claims.creatorId, userId))),
    ),
    and(
      eq(auditLog.entityType, 'campaign'),
      inArray(auditLog.entityId, tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.brandId, userId))),
    ),
  ];
  const entries = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(or(...about));
  for (const entry of entries) {
    if (entry.details === null || typeof entry.details !== 'object') continue;
    const scrubbed = scrubAuditDetails(entry.details as Record<string, unknown>);
    if (JSON.stringify(scrubbed) === JSON.stringify(entry.details)) continue;
    await tx.update(auditLog).set({ details: scrubbed }).where(eq(auditLog.id, entry.id));
  }
}

/** Keys an anonymised audit entry keeps besides amounts (`…Ore`), ids (`…Id`) and times (`…At`). */
const KEPT_AUDIT_KEYS = new Set([
  'id',
  'status',
  'from',
  'to',
  'before',
  'after',
  'role',
  'source',
  'count',
  'rows',
  'invited',
  'confirmed',
  'subscribersDeleted',
  // The bank's or Swish's reference of a payout: what ties the record to the bank statement.
  'reference',
]);

/**
 * An audit entry's details with only amounts, ids, statuses, counts, times and reason codes left:
 * free text (written reasons, search queries) and anything else that may name a person or hold contact or payment
 * details is dropped, and `anonymised: true` says so. Allow-listed, so details added later are
 * dropped unless named here.
 */
export function scrubAuditDetails(details: Record<string, unknown>): Record<string, unknown> {
  let dropped = false;
  const walk = (value: Record<string, unknown>): Record<string, unknown> => {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const allowed =
        KEPT_AUDIT_KEYS.has(key) ||
        /(Ore|Id|At)$/.test(key) ||
        (key === 'reason' && typeof item === 'string' && REASON_CODE.test(item));
      if (!allowed || (typeof item === 'object' && item !== null && Array.isArray(item))) {
        dropped = true;
        continue;
      }
      kept[key] = typeof item === 'object' && item !== null ? walk(item as Record<string, unknown>) : item;
    }
    return kept;
  };
  const kept = walk(details);
  return dropped ? { ...kept, anonymised: true } : kept;
}
