import { MAIL_CATEGORIES, type MailCategory, type MailPreferences } from '@kollab/contract/api/notifications';
import type { Database } from '@kollab/db';
import { mailOptOuts } from '@kollab/db/schema';
import { and, eq, inArray } from 'drizzle-orm';

/** The user's choices: every category on unless turned off. */
export async function getMailPreferences(db: Database, userId: string): Promise<MailPreferences> {
  const off = await db
    .select({ category: mailOptOuts.category })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, userId));
  const offSet = new Set(off.map((row) => row.category));
  return {
    invitations: !offSet.has('invitations'),
    claim_updates: !offSet.has('claim_updates'),
    messages: !offSet.has('messages'),
  };
}

/** Turns categories on or off (those left out keep their setting) and returns the result. */
export async function updateMailPreferences(
  db: Database,
  userId: string,
  changes: Partial<MailPreferences>,
): Promise<MailPreferences> {
  const turnOff = MAIL_CATEGORIES.filter((category) => changes[category] === false);
  const turnOn = MAIL_CATEGORIES.filter((category) => changes[category] === true);
  await db.transaction(async (tx) => {
    if (turnOff.length) {
      await tx
        .insert(mailOptOuts)
        .values(turnOff.map((category) => ({ userId, category })))
        .onConflictDoNothing();
    }
    if (turnOn.length) {
      await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), inArray(mailOptOuts.category, turnOn)));
    }
  });
  return getMailPreferences(db, userId);
}

/**
 * Whether `userId` gets mail of `category`. Only non-transactional mail asks: account, security,
 * receipts and payouts are always sent.
 */
export async function wantsMail(db: Database, userId: string, category: MailCategory): Promise<boolean> {
  const [row] = await db
    .select({ userId: mailOptOuts.userId })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.category, category)));
  return !row;
}

/** Of `userIds`, those who turned `category` off (one query for a whole batch, e.g. a campaign's invitations). */
export async function usersWithoutMail(
  db: Database,
  userIds: readonly string[],
  category: MailCategory,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: mailOptOuts.userId })
    .from(mailOptOuts)
    .where(and(inArray(mailOptOuts.userId, [...userIds]), eq(mailOptOuts.category, category)));
  return new Set(rows.map((row) => row.userId));
}
