import type { HomeConversation } from '@kollab/contract/api/home';
import { HOME_CONVERSATION_LIMIT } from '@kollab/contract/home';
import { type Database, queryRows } from '@kollab/db';
import { brandProfiles, campaigns, claims, conversationReads, messages, type User, users } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { isoOrNull } from './rows.ts';

/**
 * The conversations the chat's badge counts: a party's 200 most recently changed claims, as
 * `listConversations` (chat.service.ts) reads them, so the home's unread number is the badge's.
 */
const CONVERSATIONS_COUNTED = 200;

interface Row {
  claim_id: string;
  campaign_id: string;
  title: string;
  counterpart: string;
  unread: number;
  last_at: Date | string | null;
  total_unread: number;
}

/**
 * A creator's or brand's newest conversations with a message in them, each with what the caller has
 * not read, and the unread total: one statement. The claims are picked first (`counted`), so each
 * one's newest message and unread count — read through `messages_claim_id_id_idx` — are looked up
 * for those 200 only, not for every claim of a brand with thousands.
 */
export async function recentConversations(
  db: Database,
  actor: User,
): Promise<{ unread: number; conversations: HomeConversation[] }> {
  const isBrand = actor.role === 'brand';
  const party = isBrand ? sql`c.brand_id = ${actor.id}` : sql`cl.creator_id = ${actor.id}`;
  const counterpart = isBrand
    ? sql`(select u.full_name from ${users} u where u.id = cl.creator_id)`
    : sql`coalesce((select bp.company_name from ${brandProfiles} bp where bp.user_id = c.brand_id),
                   (select u.full_name from ${users} u where u.id = c.brand_id))`;
  const rows = await queryRows<Row>(
    db,
    sql`with counted as (
          select cl.id, cl.campaign_id, cl.creator_id
            from ${claims} cl join ${campaigns} c on c.id = cl.campaign_id
           where ${party}
           order by cl.updated_at desc
           limit ${CONVERSATIONS_COUNTED}),
        conversation as (
          select cl.id as claim_id, c.id as campaign_id, c.title, ${counterpart} as counterpart,
                 last.id as last_id, last.created_at as last_at,
                 (select count(*) from ${messages} m
                   where m.claim_id = cl.id and m.author_id is distinct from ${actor.id}
                     and m.id > coalesce(r.last_read_id, 0))::int as unread
            from counted cl
            join ${campaigns} c on c.id = cl.campaign_id
            left join ${conversationReads} r on r.claim_id = cl.id and r.user_id = ${actor.id}
            left join lateral (select m.id, m.created_at from ${messages} m
                                where m.claim_id = cl.id order by m.id desc limit 1) last on true)
        select claim_id, campaign_id, title, counterpart, unread, last_at,
               (select coalesce(sum(unread), 0) from conversation)::int as total_unread
          from conversation
         where last_id is not null
         order by last_id desc
         limit ${HOME_CONVERSATION_LIMIT}`,
  );
  return {
    unread: rows[0]?.total_unread ?? 0,
    conversations: rows.map((row) => ({
      claimId: row.claim_id,
      campaign: { id: row.campaign_id, title: row.title },
      counterpart: row.counterpart ?? '',
      unread: row.unread,
      lastMessageAt: isoOrNull(row.last_at),
    })),
  };
}
