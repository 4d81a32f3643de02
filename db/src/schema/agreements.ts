import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { claims } from './campaigns.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * A claim's agreement signed with BankID (ADR 026), beside the claim rather than in it: the exact text
 * the creator saw in the BankID app, and BankID's signature and OCSP response as they came. One per claim.
 */
export const claimAgreements = pgTable(
  'claim_agreements',
  {
    id: id(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    signerId: text()
      .notNull()
      .references(() => users.id),
    /** The agreement summary exactly as sent to BankID as `userVisibleData`. */
    text: text().notNull(),
    /** `completionData.signature`: base64 XML signature over that text. */
    signature: text().notNull(),
    /** `completionData.ocspResponse`: base64 proof the certificate was valid when signing. */
    ocspResponse: text().notNull(),
    /** `completionData.user.name` and the personal number masked ('YYYYMMDD-****'). */
    signerName: text().notNull(),
    signerPersonalNumberMasked: text().notNull(),
    orderRef: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('claim_agreements_claim_key').on(table.claimId)],
);

export type ClaimAgreement = typeof claimAgreements.$inferSelect;
