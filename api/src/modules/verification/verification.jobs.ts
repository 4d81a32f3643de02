import { accountVerifications, creatorProfiles, users } from '@kollab/db/schema';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';

/**
 * Days after linking an account before its one reminder to verify it. A week lets a creator who
 * links a handle during onboarding finish the rest first, and still reaches them while Kollab is
 * fresh in mind; brands see the badge, so unverified creators lose out in matching (ADR 032).
 */
export const REMINDER_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

const TEXT = {
  sv: {
    subject: 'Verifiera ditt konto på Kollab',
    body: 'Du har länkat {accounts} till din Kollab-profil men inte verifierat det ännu. Verifierade konton visas med en bock för varumärken och kommer först i matchningen. Det tar en minut: hämta en kod på din profil, lägg den i kontots bio och tryck på Kontrollera.',
  },
  en: {
    subject: 'Verify your account on Kollab',
    body: 'You linked {accounts} to your Kollab profile but have not verified it yet. Verified accounts show a badge to brands and come first in matching. It takes a minute: get a code on your profile, put it in the account’s bio and press Check.',
  },
} as const;

const PLATFORM_NAMES = { instagram: 'Instagram', tiktok: 'TikTok' } as const;

/**
 * Mails each creator with a linked account still unverified REMINDER_AFTER_DAYS after linking,
 * once: the accounts are marked reminded in the same transaction that queues the mail, by a
 * conditional update, so several instances never both send and a crash loses nothing. A changed
 * handle starts over (syncLinkedAccounts), and earns one reminder of its own.
 */
export const remindUnverifiedAccounts = defineJob({
  name: 'verificationReminders',
  async run(deps, now) {
    const due = await deps.db
      .select({ id: accountVerifications.id, creatorId: accountVerifications.creatorId })
      .from(accountVerifications)
      .innerJoin(users, eq(users.id, accountVerifications.creatorId))
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, accountVerifications.creatorId))
      .where(
        and(
          isNull(accountVerifications.verifiedAt),
          isNull(accountVerifications.reminderSentAt),
          lte(accountVerifications.linkedAt, new Date(now.getTime() - REMINDER_AFTER_DAYS * DAY_MS)),
          isNull(users.suspendedAt),
          sql`${accountVerifications.handle} = case ${accountVerifications.platform}
                when 'instagram' then ${creatorProfiles.instagramHandle} else ${creatorProfiles.tiktokHandle} end`,
        ),
      );
    const byCreator = new Map<string, string[]>();
    for (const row of due) byCreator.set(row.creatorId, [...(byCreator.get(row.creatorId) ?? []), row.id]);
    let sent = 0;
    for (const [creatorId, ids] of byCreator) {
      const mailed = await deps.db.transaction(async (tx) => {
        const claimed = await tx
          .update(accountVerifications)
          .set({ reminderSentAt: now })
          .where(
            and(
              inArray(accountVerifications.id, ids),
              isNull(accountVerifications.reminderSentAt),
              isNull(accountVerifications.verifiedAt),
            ),
          )
          .returning({ platform: accountVerifications.platform, handle: accountVerifications.handle });
        if (claimed.length === 0) return false;
        const [user] = await tx.select().from(users).where(eq(users.id, creatorId));
        if (!user) return false;
        const text = TEXT[user.locale];
        const and_ = user.locale === 'sv' ? ' och ' : ' and ';
        const accounts = claimed
          .sort((a, b) => a.platform.localeCompare(b.platform))
          .map((account) => `${PLATFORM_NAMES[account.platform]} @${account.handle}`)
          .join(and_);
        const greeting = user.locale === 'sv' ? `Hej ${user.fullName}!` : `Hi ${user.fullName},`;
        await deps.mailer.send(
          {
            to: user.email,
            subject: text.subject,
            text: `${greeting}\n\n${text.body.replace('{accounts}', accounts)}\n\n${deps.env.PUBLIC_URL}/app/profile\n\n– Kollab\n`,
          },
          tx,
        );
        return true;
      });
      if (mailed) sent++;
    }
    return sent;
  },
});
