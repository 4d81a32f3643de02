import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const userRole = pgEnum('user_role', ['creator', 'brand', 'admin']);
export const locale = pgEnum('locale', ['sv', 'en']);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    role: userRole().notNull(),
    fullName: text().notNull(),
    locale: locale().notNull().default('sv'),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    phone: text(),
    /** AES-256-GCM ciphertext; never stored or logged in clear. */
    personalNumberEncrypted: text(),
    avatarKey: text(),
    suspendedAt: timestamp({ withTimezone: true }),
    /** When an authenticator app was confirmed as the second factor; null without one (ADR 024). */
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    // The admin tables of users, brands and creators: one role, sorted, a page at a time (ADR 036).
    index('users_role_created_at_idx').on(table.role, table.createdAt.desc().nullsFirst(), table.id),
    index('users_role_email_idx').on(table.role, table.email, table.id),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
