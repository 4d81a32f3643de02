import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { claims } from './campaigns.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/** Who gave a rating: the brand (about the creator) or the creator (about the brand). */
export const ratingSide = pgEnum('rating_side', ['brand', 'creator']);

/**
 * One side's rating of the other after an accepted claim, once per claim and side. The brand scores
 * delivery on time and quality, the creator the brief, communication and payment (1–5); the CHECK
 * keeps each side to its own criteria.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    side: ratingSide().notNull(),
    raterId: text().references(() => users.id, { onDelete: 'set null' }),
    /** The person rated: the claim's creator when the brand rates, the brand when the creator does. */
    subjectId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delivery: smallint(),
    quality: smallint(),
    brief: smallint(),
    communication: smallint(),
    payment: smallint(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ratings_claim_side_key').on(table.claimId, table.side),
    index('ratings_subject_id_idx').on(table.subjectId),
    check(
      'ratings_scores_check',
      sql`(${table.side} = 'brand' and ${table.delivery} between 1 and 5 and ${table.quality} between 1 and 5
        and ${table.brief} is null and ${table.communication} is null and ${table.payment} is null)
      or (${table.side} = 'creator' and ${table.brief} between 1 and 5 and ${table.communication} between 1 and 5
        and ${table.payment} between 1 and 5 and ${table.delivery} is null and ${table.quality} is null)`,
    ),
  ],
);

export type Rating = typeof ratings.$inferSelect;
