import type { ChatMessage, Conversation } from '@kollab/contract/api/chat';
import { type Database, queryRows } from '@kollab/db';
import {
  brandProfiles,
  type Claim,
  campaigns,
  claims,
  conversationReads,
  type Message,
  messages,
  moderationCases,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, desc, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { CHAT_CHANNEL } from '../../lib/message-bus.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { avatarUrl } from '../auth/session-view.ts';
import { addMessageNotification, markConversationNotificationRead } from '../notifications/notifications.service.ts';
import { toCaseView } from './moderation.service.ts';

/**
 * The claim whose conversation the actor may use: its creator, the brand that owns the campaign,
 * or an admin while the conversation has an open moderation case (ADR 023).
 * @throws not_found for everyone else (ADR 004); forbidden for an admin when no case is open
 */
export async function getConversationClaim(
  db: Database,
  actor: User,
  claimId: string,
): Promise<Claim & { brandId: string; caseId: string | null }> {
  const [row] = await db
    .select({ claim: claims, brandId: campaigns.brandId, caseId: moderationCases.id })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .leftJoin(moderationCases, and(eq(moderationCases.claimId, claims.id), eq(moderationCases.status, 'open')))
    .where(eq(claims.id, claimId));
  if (!row) throw new AppError('not_found', 'Conversation not found');
  const participant = row.claim.creatorId === actor.id || row.brandId === actor.id;
  if (!participant && actor.role === 'admin' && !row.caseId) {
    throw new AppError('forbidden', 'Open a moderation case on this conversation first');
  }
  if (!participant && actor.role !== 'admin') throw new AppError('not_found', 'Conversation not found');
  return { ...row.claim, brandId: row.brandId, caseId: row.caseId };
}

/** The claims whose conversations the actor takes part in; for admins, those with an open case. */
function participation(actor: User): SQL {
  if (actor.role === 'admin') {
    return sql`exists (select 1 from ${moderationCases} where ${moderationCases.claimId} = ${claims.id}
      and ${moderationCases.status} = 'open')`;
  }
  return actor.role === 'brand' ? eq(campaigns.brandId, actor.id) : eq(claims.creatorId, actor.id);
}

/** An admin's read of a conversation goes into the audit log, with the case that allowed it. */
export async function auditAdminRead(
  db: Database,
  actor: User,
  conversation: { id: string; caseId: string | null; brandId: string; creatorId: string },
  how: 'page' | 'stream',
): Promise<void> {
  if (actor.role !== 'admin' || actor.id === conversation.creatorId || actor.id === conversation.brandId) return;
  await recordAudit(
    db,
    actor,
    'chat.read',
    { type: 'claim', id: conversation.id },
    { caseId: conversation.caseId, how },
  );
}

async function toMessages(db: Database, rows: Message[]): Promise<ChatMessage[]> {
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is string => id !== null))];
  const authors = authorIds.length ? await db.select().from(users).where(inArray(users.id, authorIds)) : [];
  const profiles = authorIds.length
    ? await db.select().from(brandProfiles).where(inArray(brandProfiles.userId, authorIds))
    : [];
  const byId = new Map(authors.map((user) => [user.id, user]));
  const companyById = new Map(profiles.map((profile) => [profile.userId, profile.companyName]));
  return rows.map((row) => {
    const author = row.authorId ? byId.get(row.authorId) : undefined;
    const role = author ? (row.authorRole as 'creator' | 'brand' | 'admin') : 'deleted';
    const name = !author
      ? 'Deleted user'
      : role === 'admin'
        ? 'Kollab support'
        : role === 'brand'
          ? (companyById.get(author.id) ?? author.fullName)
          : author.fullName;
    return {
      id: row.id,
      claimId: row.claimId,
      author: { id: author?.id ?? null, name, role, image: author && role !== 'admin' ? avatarUrl(author) : null },
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function listConversations(db: Database, actor: User): Promise<Conversation[]> {
  const rows = await db
    .select({ claim: claims, campaign: campaigns, creator: users, brand: brandProfiles })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .innerJoin(users, eq(users.id, claims.creatorId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(participation(actor))
    .orderBy(desc(claims.updatedAt))
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.claim.id);
  const brandUsers = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.campaign.brandId))]));
  const brandById = new Map(brandUsers.map((user) => [user.id, user]));
  const stats = await queryRows<{ claim_id: string; last_id: string | null; unread: number }>(
    db,
    sql`select c.id as claim_id,
               (select max(m.id) from ${messages} m where m.claim_id = c.id)::text as last_id,
               (select count(*) from ${messages} m
                 where m.claim_id = c.id and m.author_id is distinct from ${actor.id}
                   and m.id > coalesce((select r.last_read_id from ${conversationReads} r
                                        where r.claim_id = c.id and r.user_id = ${actor.id}), 0))::int as unread
          from ${claims} c where c.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  const statById = new Map(stats.map((row) => [row.claim_id, row]));
  const lastIds = stats.map((row) => Number(row.last_id)).filter((id) => id > 0);
  const lastMessages = lastIds.length
    ? await toMessages(db, await db.select().from(messages).where(inArray(messages.id, lastIds)))
    : [];
  const lastByClaim = new Map(lastMessages.map((message) => [message.claimId, message]));
  const reads = await db.select().from(conversationReads).where(inArray(conversationReads.claimId, ids));
  const openCases = await db
    .select()
    .from(moderationCases)
    .where(and(inArray(moderationCases.claimId, ids), eq(moderationCases.status, 'open')));
  const caseByClaim = new Map(openCases.map((row) => [row.claimId, toCaseView(row)]));
  const conversations = rows.map(({ claim, campaign, creator, brand }): Conversation => {
    const brandUser = brandById.get(campaign.brandId);
    const counterpartIsCreator = actor.id !== claim.creatorId;
    const counterpartId = counterpartIsCreator ? claim.creatorId : campaign.brandId;
    return {
      claimId: claim.id,
      campaign: { id: campaign.id, title: campaign.title },
      claimStatus: claim.status,
      counterpart: counterpartIsCreator
        ? { id: creator.id, name: creator.fullName, image: avatarUrl(creator), role: 'creator' }
        : {
            id: campaign.brandId,
            name: brand?.companyName ?? brandUser?.fullName ?? '',
            image: brandUser ? avatarUrl(brandUser) : null,
            role: 'brand',
          },
      lastMessage: lastByClaim.get(claim.id) ?? null,
      unread: statById.get(claim.id)?.unread ?? 0,
      counterpartLastReadId:
        reads.find((read) => read.claimId === claim.id && read.userId === counterpartId)?.lastReadId ?? 0,
      moderationCase: caseByClaim.get(claim.id) ?? null,
    };
  });
  return conversations.sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0));
}

/** A page of a conversation, oldest first: the newest `limit`, or those before/after an id. */
export async function listMessages(
  db: Database,
  actor: User,
  claimId: string,
  page: { before?: number; after?: number; limit: number },
): Promise<ChatMessage[]> {
  const conversation = await getConversationClaim(db, actor, claimId);
  await auditAdminRead(db, actor, conversation, 'page');
  const conditions = [
    eq(messages.claimId, claimId),
    page.before ? lt(messages.id, page.before) : undefined,
    page.after !== undefined ? gt(messages.id, page.after) : undefined,
  ];
  const order = page.after !== undefined ? asc(messages.id) : desc(messages.id);
  // The page's ids first, from the (claim_id, id) index alone; then their rows. Asked in one
  // statement, PostgreSQL may walk the primary key from the newest message of every conversation
  // and filter by claim: cheap for a lively conversation, 18,000 rows read for one whose messages
  // are old (ADR 036, "A quiet conversation's history").
  const pageIds = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(...conditions))
    .orderBy(order)
    .limit(page.limit);
  const rows = await db.select().from(messages).where(inArray(messages.id, pageIds)).orderBy(order);
  return toMessages(db, page.after !== undefined ? rows : rows.reverse());
}

/**
 * Posts a message and announces it (NOTIFY in the same transaction, so listeners hear of it only
 * once it is committed).
 * @throws not_found, rate_limited (20 a minute), validation_failed (empty or too long)
 */
export async function postMessage(db: Database, actor: User, claimId: string, body: string): Promise<ChatMessage> {
  const conversation = await getConversationClaim(db, actor, claimId);
  await enforceRateLimit(db, `chat:user:${actor.id}`, { limit: 20, windowSeconds: 60 });
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({ claimId, authorId: actor.id, authorRole: actor.role, body })
      .returning();
    if (!inserted) throw new Error('message insert returned nothing');
    await tx
      .insert(conversationReads)
      .values({ claimId, userId: actor.id, lastReadId: inserted.id })
      .onConflictDoUpdate({
        target: [conversationReads.claimId, conversationReads.userId],
        set: { lastReadId: inserted.id },
      });
    await tx.execute(
      sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ type: 'message', claimId, id: inserted.id })})`,
    );
    await notifyRecipients(tx, actor, conversation);
    return inserted;
  });
  if (actor.role === 'admin' && conversation.caseId) {
    await recordAudit(
      db,
      actor,
      'chat.message_posted',
      { type: 'claim', id: claimId },
      { caseId: conversation.caseId, messageId: row.id },
    );
  }
  const [message] = await toMessages(db, [row]);
  if (!message) throw new Error('message view missing');
  return message;
}

/**
 * Gives the conversation's other participants their "new messages" notification (one per
 * conversation, counting up while unread; ADR 039). Brands are named by their company.
 */
async function notifyRecipients(tx: Database, actor: User, conversation: Claim & { brandId: string }): Promise<void> {
  const recipients = [conversation.creatorId, conversation.brandId].filter((id) => id !== actor.id);
  if (recipients.length === 0) return;
  const [context] = await tx
    .select({ campaign: campaigns.title, company: brandProfiles.companyName })
    .from(campaigns)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(eq(campaigns.id, conversation.campaignId));
  const from = actor.role === 'brand' ? (context?.company ?? actor.fullName) : actor.fullName;
  for (const userId of recipients) {
    await addMessageNotification(tx, {
      userId,
      claimId: conversation.id,
      campaign: context?.campaign ?? '',
      from: actor.role === 'admin' ? 'Kollab' : from,
    });
  }
}

/** Moves the actor's read marker forward (never back) and tells the other party. */
export async function markRead(db: Database, actor: User, claimId: string, lastReadId: number): Promise<number> {
  await getConversationClaim(db, actor, claimId);
  const [row] = await db
    .insert(conversationReads)
    .values({ claimId, userId: actor.id, lastReadId })
    .onConflictDoUpdate({
      target: [conversationReads.claimId, conversationReads.userId],
      set: { lastReadId: sql`greatest(${conversationReads.lastReadId}, excluded.last_read_id)` },
    })
    .returning({ lastReadId: conversationReads.lastReadId });
  const marker = row?.lastReadId ?? lastReadId;
  await markConversationNotificationRead(db, actor.id, claimId);
  await db.execute(
    sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ type: 'read', claimId, userId: actor.id, lastReadId: marker })})`,
  );
  return marker;
}

/**
 * Messages after `afterId`, and those of `alsoIds`, in every conversation the actor takes part in
 * (the stream's catch-up). `alsoIds` are messages announced (after their commit) with an id at or
 * below what the stream has sent: ids are handed out at insert, so a message can commit after one
 * with a higher id, and "after the last id sent" alone would skip it for good.
 */
export async function messagesSince(
  db: Database,
  actor: User,
  afterId: number,
  alsoIds: readonly number[] = [],
  limit = 500,
): Promise<ChatMessage[]> {
  const which = alsoIds.length
    ? or(gt(messages.id, afterId), inArray(messages.id, [...alsoIds]))
    : gt(messages.id, afterId);
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(claims, eq(claims.id, messages.claimId))
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(and(which, participation(actor)))
    .orderBy(messages.id)
    .limit(limit);
  return toMessages(
    db,
    rows.map((row) => row.message),
  );
}

export async function unreadTotal(db: Database, actor: User): Promise<number> {
  const conversations = await listConversations(db, actor);
  return conversations.reduce((total, conversation) => total + conversation.unread, 0);
}
