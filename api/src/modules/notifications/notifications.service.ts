import type {
  Notification,
  NotificationListQuery,
  NotificationPayload,
  NotificationType,
} from '@kollab/contract/api/notifications';
import type { Database } from '@kollab/db';
import { mailOptOuts, type NotificationRow, notifications, type User } from '@kollab/db/schema';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { CHAT_CHANNEL } from '../../lib/message-bus.ts';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** Names the cause, unique per user: the same cause twice (a retried job) adds nothing. */
  key: string;
  payload: NotificationPayload;
  /** The portal path it opens, without `/app`. */
  link: string;
}

/**
 * Tells the user's open streams on every instance (ADR 039). Sent on the chat channel with the
 * transaction that changed the notifications, so it is delivered only once they are committed.
 */
async function announce(db: Database, userId: string, id?: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ type: 'notification', userId, id })})`);
}

/**
 * Adds a notification in the caller's transaction (that of the change it tells about), once per
 * `key`. Returns whether it was added.
 */
export async function addNotification(tx: Database, notification: NewNotification): Promise<boolean> {
  const [row] = await tx
    .insert(notifications)
    .values({ ...notification, createdAt: new Date() })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  if (row) await announce(tx, notification.userId, row.id);
  return !!row;
}

/**
 * One "new messages" notification per conversation and recipient: a message while it is unread
 * adds to its count; after it was read, the same row comes back unread, on top, with a count of 1.
 */
export async function addMessageNotification(
  tx: Database,
  recipient: { userId: string; claimId: string; campaign: string; from: string },
): Promise<void> {
  const payload: NotificationPayload = { campaign: recipient.campaign, creator: recipient.from, count: 1 };
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: recipient.userId,
      type: 'new_messages',
      key: `messages:${recipient.claimId}`,
      payload,
      link: `/messages/${recipient.claimId}`,
      createdAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.key],
      set: {
        payload: sql`case when ${notifications.readAt} is null
          then jsonb_set(excluded.payload, '{count}', to_jsonb(coalesce((${notifications.payload}->>'count')::int, 0) + 1))
          else excluded.payload end`,
        createdAt: sql`excluded.created_at`,
        readAt: null,
      },
    })
    .returning({ id: notifications.id });
  if (row) await announce(tx, recipient.userId, row.id);
}

/** Marks the "new messages" notification of a conversation read (the recipient read it there). */
export async function markConversationNotificationRead(db: Database, userId: string, claimId: string): Promise<void> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.key, `messages:${claimId}`), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  if (rows.length) await announce(db, userId);
}

export function toNotificationView(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** `<created at>|<id>` of the last row of a page, base64url: where the next page starts. */
function encodeCursor(row: NotificationRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** @throws validation_failed (cursor) */
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw AppError.validation({ cursor: ['invalid_value'] });
  return { createdAt, id };
}

/** The actor's notifications, newest first, a page at a time, with their unread count. */
export async function listNotifications(
  db: Database,
  actor: User,
  query: NotificationListQuery,
): Promise<{ data: Notification[]; nextCursor: string | null; unreadCount: number }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, actor.id),
        query.unread === 'true' ? isNull(notifications.readAt) : undefined,
        after
          ? or(
              lt(notifications.createdAt, after.createdAt),
              and(eq(notifications.createdAt, after.createdAt), lt(notifications.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toNotificationView),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    unreadCount: await countUnread(db, actor.id),
  };
}

/** One of the user's notifications, or null (someone else's is never found). */
export async function findNotification(db: Database, userId: string, id: string): Promise<Notification | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? toNotificationView(row) : null;
}

/**
 * Marks one of the actor's notifications read (again: no change).
 * @throws not_found (not the actor's, ADR 004)
 */
export async function markNotificationRead(
  db: Database,
  actor: User,
  id: string,
): Promise<{ data: Notification; unreadCount: number }> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
      .returning();
    if (!updated) throw new AppError('not_found', 'Notification not found');
    await announce(tx, actor.id);
    return updated;
  });
  return { data: toNotificationView(row), unreadCount: await countUnread(db, actor.id) };
}

/** Marks every unread notification of the actor read. */
export async function markAllNotificationsRead(db: Database, actor: User): Promise<{ unreadCount: number }> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
    await announce(tx, actor.id);
  });
  return { unreadCount: 0 };
}

/** Tells the creator their withdrawal was paid (by hand or by the bank's or Swish's answer), once. */
export async function notifyWithdrawalPaid(
  tx: Database,
  withdrawal: { id: string; userId: string; amountOre: number },
): Promise<void> {
  await addNotification(tx, {
    userId: withdrawal.userId,
    type: 'withdrawal_paid',
    key: `withdrawal:${withdrawal.id}:paid`,
    payload: { amountOre: withdrawal.amountOre },
    link: '/earnings',
  });
}

/**
 * An erased account (ADR 022) leaves no notifications of its own, and its name leaves the others':
 * those about its claims or conversations (as creator, or as the campaign's brand) name `replacement`.
 */
export async function forgetInNotifications(tx: Database, userId: string, replacement: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  await tx.execute(sql`
    update ${notifications} set payload = jsonb_set(payload, '{creator}', to_jsonb(${replacement}::text))
     where payload ? 'creator'
       and substring(link from '^/(?:claims|messages)/([^/]+)$') in (
         select c.id from claims c join campaigns camp on camp.id = c.campaign_id
          where c.creator_id = ${userId} or camp.brand_id = ${userId})`);
}
