import { type Database, queryRows } from '@kollab/db';
import { conversationReads, users } from '@kollab/db/schema';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { wantsMail } from '../notifications/mail-preferences.service.ts';

const TEXT = {
  sv: {
    subject: 'Du har olästa meddelanden på Kollab',
    body: 'Du har {count} oläst(a) meddelande(n) om kampanjen "{campaign}".',
  },
  en: {
    subject: 'You have unread messages on Kollab',
    body: 'You have {count} unread message(s) about the campaign "{campaign}".',
  },
} as const;

/**
 * Mails each participant whose conversation has held an unread message for 15 minutes, at most
 * once an hour per conversation, unless they turned message mail off (ADR 039). The "last notified" mark is claimed with a conditional upsert
 * before mailing, so two API instances never both send.
 */
export async function notifyUnreadMessages(
  deps: { db: Database; mailer: Mailer; env: Env },
  now = new Date(),
): Promise<number> {
  const due = await queryRows<{ claim_id: string; user_id: string; unread: number; title: string }>(
    deps.db,
    // From the window's messages (an index range on created_at), never from every claim: at a
    // million claims the old form read 42,000 buffers a minute (ADR 039).
    sql`with recent as (
          select m.claim_id, m.id, m.author_id from messages m
           where m.created_at <= ${now.toISOString()}::timestamptz - interval '15 minutes'
             and m.created_at > ${now.toISOString()}::timestamptz - interval '2 days'
        ),
        parties as (
          select c.id as claim_id, c.creator_id as user_id, c.campaign_id from claims c
           where c.id in (select claim_id from recent)
          union all
          select c.id, camp.brand_id, c.campaign_id from claims c join campaigns camp on camp.id = c.campaign_id
           where c.id in (select claim_id from recent)
        )
        select p.claim_id, p.user_id, count(*)::int as unread, min(camp.title) as title
          from parties p
          join campaigns camp on camp.id = p.campaign_id
          join recent m on m.claim_id = p.claim_id and m.author_id is distinct from p.user_id
          left join conversation_reads r on r.claim_id = p.claim_id and r.user_id = p.user_id
         where m.id > coalesce(r.last_read_id, 0)
           and (r.last_notified_at is null or r.last_notified_at <= ${now.toISOString()}::timestamptz - interval '1 hour')
         group by p.claim_id, p.user_id`,
  );
  let sent = 0;
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  for (const row of due) {
    const [claimed] = await deps.db
      .insert(conversationReads)
      .values({ claimId: row.claim_id, userId: row.user_id, lastReadId: 0, lastNotifiedAt: now })
      .onConflictDoUpdate({
        target: [conversationReads.claimId, conversationReads.userId],
        set: { lastNotifiedAt: now },
        setWhere: or(isNull(conversationReads.lastNotifiedAt), lt(conversationReads.lastNotifiedAt, hourAgo)),
      })
      .returning({ userId: conversationReads.userId });
    if (!claimed) continue;
    const [user] = await deps.db
      .select()
      .from(users)
      .where(and(eq(users.id, row.user_id), isNull(users.suspendedAt)));
    if (!user) continue;
    // The mark above is claimed either way, so turning mail back on does not send a backlog at once.
    if (!(await wantsMail(deps.db, user.id, 'messages'))) continue;
    const text = TEXT[user.locale];
    const greeting = user.locale === 'sv' ? `Hej ${user.fullName}!` : `Hi ${user.fullName},`;
    await deps.mailer.send({
      to: user.email,
      subject: text.subject,
      text: `${greeting}\n\n${text.body.replace('{count}', String(row.unread)).replace('{campaign}', row.title)}\n\n${deps.env.PUBLIC_URL}/app/messages/${row.claim_id}\n\n– Kollab\n`,
    });
    sent++;
  }
  return sent;
}
