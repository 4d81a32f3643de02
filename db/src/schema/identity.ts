import { date, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { users } from './users.ts';

/** How an identity was proven; BankID only today (ADR 026). */
export const identityMethod = pgEnum('identity_method', ['bankid']);

/**
 * A person proven with BankID, once per account: the personal number came from BankID (not typed),
 * and no two accounts hold the same number (`personal_number_hash`, an HMAC under the encryption key;
 * the number itself is `users.personal_number_encrypted`).
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: identityMethod().notNull(),
    personalNumberHash: text().notNull(),
    /** As BankID gave them (`completionData.user`). */
    givenName: text().notNull(),
    surname: text().notNull(),
    birthDate: date({ mode: 'string' }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('identity_verifications_personal_number_key').on(table.personalNumberHash)],
);

export const bankIdOrderPurpose = pgEnum('bankid_order_purpose', ['identify', 'sign_claim']);
export const bankIdOrderStatus = pgEnum('bankid_order_status', ['pending', 'complete', 'failed', 'cancelled']);

/**
 * One BankID order (auth or sign) and where it ended: BankID's `hintCode` for a failure, or Kollab's
 * own `refusal` of a completed order (`under_18`, `personal_number_taken`, `wrong_person`). Kept in the
 * database, not in memory, so any API instance can collect it and compute its QR code.
 */
export const bankIdOrders = pgTable(
  'bankid_orders',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: bankIdOrderPurpose().notNull(),
    /** For `sign_claim`: the claim whose agreement is signed. */
    claimId: text(),
    orderRef: text().notNull(),
    autoStartToken: text().notNull(),
    qrStartToken: text().notNull(),
    /** AES-256-GCM ciphertext: the QR code is computed on the server, the secret never leaves it. */
    qrStartSecretEncrypted: text().notNull(),
    /** The exact text shown in the BankID app (sign orders). */
    userVisibleData: text(),
    status: bankIdOrderStatus().notNull().default('pending'),
    hintCode: text(),
    refusal: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('bankid_orders_order_ref_key').on(table.orderRef),
    index('bankid_orders_user_idx').on(table.userId, table.startedAt),
  ],
);

export type IdentityVerification = typeof identityVerifications.$inferSelect;
export type BankIdOrder = typeof bankIdOrders.$inferSelect;
