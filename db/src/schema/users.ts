import { sql } from 'drizzle-orm';
import { pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  (table) => [uniqueIndex('users_email_key').on(sql`lower(${table.email})`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
