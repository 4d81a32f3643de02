import { createDb, createTestDatabase, type DatabaseHandle } from '@kollab/db';
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
  subscriberConsentEvents,
  subscribers,
} from '@kollab/db/schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { createLogger } from '../../lib/logger.ts';
import { purgeExpiredCredentialRows } from './auth.jobs.ts';
import { purgeExpiredCredentials } from './expired-credentials.ts';

// ADR 021: what no request can use any more is deleted in bounded batches, on PGlite and PostgreSQL.
let database: DatabaseHandle;
// The system's time: the registered job purges by it (see auth.jobs.ts); live rows last an hour or more.
const NOW = new Date();
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  const { db } = database;
  for (const table of [
    sessions,
    emailTokens,
    signInChallenges,
    passkeyRegistrations,
    bankIdOrders,
    subscriberChanges,
    subscriberConsentEvents,
    subscribers,
    deletionRequests,
    rateLimits,
    idempotencyKeys,
  ]) {
    await db.delete(table);
  }
});

let sequence = 0;
/** A session row as `createSession` and `validateSession` leave it, with the given times. */
function session(userId: string, times: { createdAt: Date; lastSeenAt: Date; expiresAt: Date }) {
  sequence += 1;
  return { id: `s-${sequence}`, userId, secretHash: `h-${sequence}`, authenticatedAt: times.createdAt, ...times };
}

function bankIdOrder(userId: string, ref: string, startedAt: Date, status: 'pending' | 'complete') {
  return {
    userId,
    purpose: 'identify' as const,
    orderRef: ref,
    autoStartToken: `auto-${ref}`,
    qrStartToken: `qr-${ref}`,
    qrStartSecretEncrypted: 'ciphertext',
    status,
    startedAt,
  };
}

function subscriber(email: string, fields: { confirmedAt?: Date; confirmTokenExpiresAt?: Date }) {
  return {
    email,
    categories: ['food'],
    consentVersion: '2026-11-01',
    consentedAt: at(-30 * DAY),
    unsubscribeTokenHash: `unsubscribe-${email}`,
    ...fields,
  };
}

/** One live and one or more dead rows of every table the purge covers. */
async function seed() {
  const { db } = database;
  const [alice, bob] = [await createUser(db), await createUser(db)];
  await db.insert(sessions).values([
    session(alice.id, { createdAt: at(-DAY), lastSeenAt: at(-HOUR), expiresAt: at(6 * DAY) }),
    // Past its stored deadline; idle for a week (the stored deadline not yet moved); a month old.
    session(alice.id, { createdAt: at(-2 * DAY), lastSeenAt: at(-2 * DAY), expiresAt: at(-MINUTE) }),
    session(bob.id, { createdAt: at(-10 * DAY), lastSeenAt: at(-8 * DAY), expiresAt: at(DAY) }),
    session(bob.id, { createdAt: at(-31 * DAY), lastSeenAt: at(-HOUR), expiresAt: at(DAY) }),
  ]);
  const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
    userId: alice.id,
    purpose: 'verify_email' as const,
    tokenHash,
    email: 'alice@example.se',
    expiresAt,
    usedAt,
  });
  await db
    .insert(emailTokens)
    .values([token('live', at(HOUR)), token('expired', at(-MINUTE)), token('used', at(HOUR), at(-MINUTE))]);
  await db.insert(signInChallenges).values([
    { tokenHash: 'live', userId: alice.id, callbackPath: '/app/', expiresAt: at(HOUR) },
    { tokenHash: 'expired', userId: alice.id, callbackPath: '/app/', expiresAt: at(-MINUTE) },
  ]);
  await db.insert(passkeyRegistrations).values([
    { userId: alice.id, challenge: 'live', expiresAt: at(HOUR) },
    { userId: bob.id, challenge: 'expired', expiresAt: at(-MINUTE) },
  ]);
  await db
    .insert(bankIdOrders)
    .values([
      bankIdOrder(alice.id, 'recent', at(-5 * MINUTE), 'complete'),
      bankIdOrder(alice.id, 'old-complete', at(-2 * HOUR), 'complete'),
      bankIdOrder(bob.id, 'old-pending', at(-2 * HOUR), 'pending'),
    ]);
  const subs = await db
    .insert(subscribers)
    .values([
      subscriber('confirmed-1@example.se', { confirmedAt: at(-20 * DAY) }),
      subscriber('confirmed-2@example.se', { confirmedAt: at(-20 * DAY) }),
      subscriber('lapsed@example.se', { confirmTokenExpiresAt: at(-MINUTE) }),
      subscriber('waiting@example.se', { confirmTokenExpiresAt: at(DAY) }),
      subscriber('returning@example.se', { confirmTokenExpiresAt: at(-MINUTE) }),
    ])
    .returning();
  const [confirmed1, confirmed2, , , returning] = subs;
  await db.insert(subscriberConsentEvents).values({
    subscriberId: returning?.id ?? '',
    kind: 'withdrawn',
    consentVersion: '2026-11-01',
    locale: 'sv',
    source: 'unsubscribe_link',
    statedAt: at(-10 * DAY),
  });
  const change = (subscriberId: string, tokenHash: string, expiresAt: Date) => ({
    subscriberId,
    tokenHash,
    categories: ['travel'],
    consentVersion: '2026-11-01',
    locale: 'sv' as const,
    requestedAt: at(-DAY),
    expiresAt,
  });
  await db
    .insert(subscriberChanges)
    .values([change(confirmed1?.id ?? '', 'live', at(HOUR)), change(confirmed2?.id ?? '', 'expired', at(-MINUTE))]);
  const request = (email: string, fields: Partial<typeof deletionRequests.$inferInsert>) => ({
    email,
    source: 'public' as const,
    dueAt: at(14 * DAY),
    ...fields,
  });
  await db
    .insert(deletionRequests)
    .values([
      request('lapsed@example.se', { confirmTokenHash: 'a', confirmTokenExpiresAt: at(-MINUTE) }),
      request('waiting@example.se', { confirmTokenHash: 'b', confirmTokenExpiresAt: at(HOUR) }),
      request('confirmed@example.se', { confirmedAt: at(-DAY) }),
      request('account@example.se', { source: 'account', userId: alice.id, confirmedAt: at(-DAY) }),
    ]);
  await db.insert(rateLimits).values([
    { key: 'sign-in:alice@example.se', count: 3, resetAt: at(HOUR) },
    { key: 'sign-in:198.51.100.1', count: 9, resetAt: at(-MINUTE) },
  ]);
  // A day is what a client may retry a money request in (IDEMPOTENCY_KEY_KEPT_MS).
  const answer = { responseStatus: 201, responseBody: { data: { id: 'w-1' } }, requestHash: 'sha' };
  await db.insert(idempotencyKeys).values([
    { userId: alice.id, key: 'this-morning', createdAt: at(-23 * HOUR), ...answer },
    { userId: alice.id, key: 'yesterday', createdAt: at(-DAY - MINUTE), ...answer },
    { userId: bob.id, key: 'this-morning', createdAt: at(-DAY - MINUTE), ...answer },
  ]);
  return { alice, bob };
}

async function remaining() {
  const { db } = database;
  const pick = async <T>(rows: Promise<T[]>, key: (row: T) => string) => (await rows).map(key).sort();
  return {
    sessions: (await db.select().from(sessions).orderBy(asc(sessions.createdAt))).map((row) => row.lastSeenAt),
    emailTokens: await pick(db.select().from(emailTokens), (row) => row.tokenHash),
    signInChallenges: await pick(db.select().from(signInChallenges), (row) => row.tokenHash),
    passkeyRegistrations: await pick(db.select().from(passkeyRegistrations), (row) => row.challenge),
    bankIdOrders: await pick(db.select().from(bankIdOrders), (row) => row.orderRef),
    subscriberChanges: await pick(db.select().from(subscriberChanges), (row) => row.tokenHash),
    subscribers: await pick(db.select().from(subscribers), (row) => row.email),
    deletionRequests: await pick(db.select().from(deletionRequests), (row) => row.email),
    rateLimits: await pick(db.select().from(rateLimits), (row) => row.key),
    idempotencyKeys: await pick(db.select().from(idempotencyKeys), (row) => `${row.userId}:${row.key}`),
  };
}

const NOTHING = {
  sessions: [],
  emailTokens: [],
  signInChallenges: [],
  passkeyRegistrations: [],
  bankIdOrders: [],
  subscriberChanges: [],
  unconfirmedSubscribers: [],
  unconfirmedDeletionRequests: [],
  rateLimits: [],
  idempotencyKeys: [],
};

describe('purgeExpiredCredentials', () => {
  it('deletes what expired or was used, keeps what still works, and finds nothing the second time', async () => {
    const { alice } = await seed();

    const first = await purgeExpiredCredentials(database.db, NOW);

    expect(first).toEqual({
      sessions: [3],
      emailTokens: [2],
      signInChallenges: [1],
      passkeyRegistrations: [1],
      bankIdOrders: [2],
      subscriberChanges: [1],
      unconfirmedSubscribers: [1],
      unconfirmedDeletionRequests: [1],
      rateLimits: [1],
      idempotencyKeys: [2],
    });
    expect(await remaining()).toEqual({
      sessions: [at(-HOUR)],
      emailTokens: ['live'],
      signInChallenges: ['live'],
      passkeyRegistrations: ['live'],
      bankIdOrders: ['recent'],
      subscriberChanges: ['live'],
      // The lapsed sign-up goes; one with consent history keeps it, one still in time stays.
      subscribers: ['confirmed-1@example.se', 'confirmed-2@example.se', 'returning@example.se', 'waiting@example.se'],
      deletionRequests: ['account@example.se', 'confirmed@example.se', 'waiting@example.se'],
      rateLimits: ['sign-in:alice@example.se'],
      // Bob's key of the same name was a day old: each user's keys are their own.
      idempotencyKeys: [`${alice.id}:this-morning`],
    });
    expect(await purgeExpiredCredentials(database.db, NOW)).toEqual(NOTHING);
  });

  it('deletes at most a batch per statement and a bounded number of batches per run', async () => {
    const { alice } = await seed();
    await database.db
      .insert(sessions)
      .values(
        Array.from({ length: 5 }, () =>
          session(alice.id, { createdAt: at(-2 * DAY), lastSeenAt: at(-2 * DAY), expiresAt: at(-HOUR) }),
        ),
      );
    const limits = { batchRows: 3, maxBatches: 2 };

    const first = await purgeExpiredCredentials(database.db, NOW, limits);
    const second = await purgeExpiredCredentials(database.db, NOW, limits);
    const third = await purgeExpiredCredentials(database.db, NOW, limits);

    // Eight expired sessions: six in the first run (two batches of three), the last two in the next.
    expect(first.sessions).toEqual([3, 3]);
    expect(second.sessions).toEqual([2]);
    expect(third).toEqual(NOTHING);
    expect((await remaining()).sessions).toEqual([at(-HOUR)]);
  });

  it('run on two instances at once deletes each row once and neither fails', async () => {
    const { alice } = await seed();
    await database.db
      .insert(sessions)
      .values(
        Array.from({ length: 60 }, () =>
          session(alice.id, { createdAt: at(-2 * DAY), lastSeenAt: at(-2 * DAY), expiresAt: at(-HOUR) }),
        ),
      );
    // A second instance: its own pool on PostgreSQL, the same embedded database on PGlite.
    const second = database.url ? await createDb({ url: database.url, max: 2 }) : database;
    const limits = { batchRows: 4, maxBatches: 100 };

    const runs = await Promise.all([
      purgeExpiredCredentials(database.db, NOW, limits),
      purgeExpiredCredentials(second.db, NOW, limits),
    ]);

    if (second !== database) await second.close();
    const deleted = (name: keyof typeof NOTHING) => runs.flatMap((run) => run[name]).reduce((sum, n) => sum + n, 0);
    expect(deleted('sessions')).toBe(63);
    expect(runs.flatMap((run) => run.sessions).every((n) => n <= 4)).toBe(true);
    expect(deleted('emailTokens')).toBe(2);
    expect(await remaining()).toMatchObject({ sessions: [at(-HOUR)], emailTokens: ['live'] });
  });

  it('is the registered job: it counts every row it deleted and follows the system clock', async () => {
    await seed();
    const deps = {
      db: database.db,
      mailer: { send: async () => {} },
      env: {} as never,
      logger: createLogger('silent'),
    };
    // The browser suite moves the scheduled-work clock a month on; sessions still work by the system's.
    const moved = at(30 * DAY);

    expect(await purgeExpiredCredentialRows.run(deps, moved)).toBe(15);
    expect(await purgeExpiredCredentialRows.run(deps, moved)).toBe(0);
    expect((await remaining()).sessions).toEqual([at(-HOUR)]);
    expect(purgeExpiredCredentialRows.cron).toBe('*/10 * * * *');
  });
});
