import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const creatorProfiles = pgTable('creator_profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Keys of the fixed taxonomy (@kollab/contract/categories). */
  categories: text().array().notNull().default(sql`'{}'::text[]`),
  instagramHandle: text(),
  instagramFollowers: integer(),
  tiktokHandle: text(),
  tiktokFollowers: integer(),
  bio: text(),
  ...timestamps,
});

export const paymentMethodType = pgEnum('payment_method_type', ['bank_account', 'iban', 'swish', 'paypal']);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: paymentMethodType().notNull(),
    /** AES-256-GCM ciphertext of the JSON details; never stored or logged in clear. */
    detailsEncrypted: text().notNull(),
    /** What the UI shows, e.g. "Swish •••• 4567". */
    masked: text().notNull(),
    isDefault: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('payment_methods_user_id_idx').on(table.userId),
    uniqueIndex('payment_methods_user_default_key').on(table.userId).where(sql`${table.isDefault}`),
  ],
);
