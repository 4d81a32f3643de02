import { type Database, queryRows } from '@kollab/db';
import {
  bankIdOrders,
  deletionRequests,
  emailTokens,
  idempotencyKeys,
  passkeyRegistrations,
  rateLimits,
  sessions,
  signInChallenges,
  subscriberChanges,
  subscribers,
} from '@kollab/db/schema';
import { and, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { IDEMPOTENCY_KEY_KEPT_MS } from '../../lib/idempotency.ts';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from './session.ts';

/**
 * How long a BankID order is kept after it started. BankID ends an order after at most a few
 * minutes; the portal has collected the result long before an hour, after which the row is only its
 * start tokens and the encrypted QR secret (ADR 026).
 */
export const BANKID_ORDER_KEPT_MS = 60 * 60 * 1000;

/**
 * Each statement deletes at most `batchRows` rows, so a run never holds many row locks or a long
 * transaction on a busy table; a run stops after `maxBatches` statements per table and leaves the
 * rest to the next run (at most 10,000 rows per table every ten minutes).
 */
export interface PurgeLimits {
  batchRows: number;
  maxBatches: number;
}
export const PURGE_LIMITS: PurgeLimits = { batchRows: 500, maxBatches: 20 };

interface PurgeTarget {
  table: PgTable;
  /** The column, or columns, that identify one row, for the batch's `where key in (…)`. */
  key: PgColumn | PgColumn[];
  /** The rows no request can use any more at `now`. */
  expired(now: Date): SQL | undefined;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Every table holding a credential or a single-use link that expires (ADR 021). Each condition is
 * what the code that reads the row would refuse anyway, so deleting it changes no answer.
 */
const TARGETS = {
  // Past its stored deadline, idle too long or too old: `validateSession` would delete it.
  sessions: {
    table: sessions,
    key: sessions.id,
    expired: (now) =>
      or(
        lte(sessions.expiresAt, now),
        lte(sessions.lastSeenAt, ago(now, SESSION_IDLE_TIMEOUT_MS)),
        lte(sessions.createdAt, ago(now, SESSION_ABSOLUTE_LIFETIME_MS)),
      ),
  },
  // Used or expired: every use matches only an unused, unexpired row.
  emailTokens: {
    table: emailTokens,
    key: emailTokens.id,
    expired: (now) => or(lte(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)),
  },
  signInChallenges: {
    table: signInChallenges,
    key: signInChallenges.tokenHash,
    expired: (now) => lte(signInChallenges.expiresAt, now),
  },
  passkeyRegistrations: {
    table: passkeyRegistrations,
    key: passkeyRegistrations.userId,
    expired: (now) => lte(passkeyRegistrations.expiresAt, now),
  },
  bankIdOrders: {
    table: bankIdOrders,
    key: bankIdOrders.id,
    expired: (now) => lte(bankIdOrders.startedAt, ago(now, BANKID_ORDER_KEPT_MS)),
  },
  subscriberChanges: {
    table: subscriberChanges,
    key: subscriberChanges.subscriberId,
    expired: (now) => lte(subscriberChanges.expiresAt, now),
  },
  // Never confirmed and the link expired: no consent was ever given, so nothing may be kept. A row
  // with consent history (unsubscribed, then asked again) keeps it: that history is the proof.
  unconfirmedSubscribers: {
    table: subscribers,
    key: subscribers.id,
    expired: (now) =>
      and(
        isNull(subscribers.confirmedAt),
        lte(subscribers.confirmTokenExpiresAt, now),
        sql`not exists (select 1 from subscriber_consent_events e where e.subscriber_id = ${subscribers.id})`,
      ),
  },
  // A public request nobody confirmed from the mailbox is never acted on (ADR 022); once its link
  // expired it is only an address someone typed.
  unconfirmedDeletionRequests: {
    table: deletionRequests,
    key: deletionRequests.id,
    expired: (now) =>
      and(
        eq(deletionRequests.source, 'public'),
        eq(deletionRequests.status, 'pending'),
        isNull(deletionRequests.confirmedAt),
        lte(deletionRequests.confirmTokenExpiresAt, now),
      ),
  },
  // Not a credential, but keyed by addresses and e-mails: a window that ended counts from zero anyway.
  rateLimits: {
    table: rateLimits,
    key: rateLimits.key,
    expired: (now) => lte(rateLimits.resetAt, now),
  },
  // A money request's stored answer, kept as long as a client may retry it (lib/idempotency.ts); a
  // row is only ever seen committed, that is with its answer.
  idempotencyKeys: {
    table: idempotencyKeys,
    key: [idempotencyKeys.userId, idempotencyKeys.key],
    expired: (now) => lte(idempotencyKeys.createdAt, ago(now, IDEMPOTENCY_KEY_KEPT_MS)),
  },
} satisfies Record<string, PurgeTarget>;

export type PurgeResult = { [Name in keyof typeof TARGETS]: number[] };

/**
 * One bounded batch: the rows are picked with `FOR UPDATE SKIP LOCKED`, so two instances purging
 * at once take different rows and neither waits, and a row a request is updating is left for later.
 */
async function deleteBatch(db: Database, target: PurgeTarget, now: Date, rows: number): Promise<number> {
  const columns = sql.join([target.key].flat(), sql`, `);
  const deleted = await queryRows<{ one: number }>(
    db,
    sql`delete from ${target.table} where (${columns}) in (
          select ${columns} from ${target.table} where ${target.expired(now)}
          limit ${rows} for update skip locked)
        returning 1 as one`,
  );
  return deleted.length;
}

/**
 * Deletes expired sessions, used or expired mailed links, sign-in challenges, passkey registrations,
 * finished BankID orders, lapsed newsletter changes and unconfirmed sign-ups, ended rate-limit
 * windows and idempotency keys past their retry window, in batches. Returns the size of every batch per table; a second run at the same `now`
 * finds nothing (idempotent).
 */
export async function purgeExpiredCredentials(
  db: Database,
  now: Date,
  limits: PurgeLimits = PURGE_LIMITS,
): Promise<PurgeResult> {
  const result = {} as PurgeResult;
  for (const [name, target] of Object.entries(TARGETS) as [keyof typeof TARGETS, PurgeTarget][]) {
    const batches: number[] = [];
    while (batches.length < limits.maxBatches) {
      const deleted = await deleteBatch(db, target, now, limits.batchRows);
      if (deleted > 0) batches.push(deleted);
      if (deleted < limits.batchRows) break;
    }
    result[name] = batches;
  }
  return result;
}
