import type { NotificationPayload } from '@kollab/contract/api/notifications';
import { MAIL_CATEGORIES, NOTIFICATION_TYPES } from '@kollab/contract/notifications';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);

/**
 * What happened that a user should see in the portal's bell (ADR 039). Written in the transaction
 * of the change that causes it. `key` names the cause (e.g. `claim:<id>:event:<n>`), unique per
 * user, so a retried job or a repeated answer never adds a second one; new messages share one key
 * per conversation, and the row is brought back to the top (unread) instead of adding another.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    key: text().notNull(),
    payload: jsonb().$type<NotificationPayload>().notNull(),
    /** The portal path it opens, without `/app`. */
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_id_key_key').on(table.userId, table.key),
    index('notifications_user_id_created_at_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

export const mailCategory = pgEnum('mail_category', MAIL_CATEGORIES);

/** Mail a user turned off; no row means the mail is sent. Transactional mail has no category here. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: mailCategory().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.category] })],
);
