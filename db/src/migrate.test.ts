import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from './client.ts';
import { migrate, migrationsFolder } from './migrate.ts';
import { campaigns, users } from './schema/index.ts';
import { DEMO_ACCOUNTS, seedDemo } from './seed.ts';
import { createTestDatabase } from './testing.ts';

const expectedKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe(`migrations on ${expectedKind}`, () => {
  it('apply cleanly to an empty database, and a second run changes nothing', async () => {
    handle = await createTestDatabase({ migrated: false });
    expect(handle.kind).toBe(expectedKind);

    await migrate(handle);
    const tables = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const countMigrations = sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
    const applied = await queryRows<{ count: number }>(handle.db, countMigrations);

    await migrate(handle);
    const appliedAgain = await queryRows<{ count: number }>(handle.db, countMigrations);

    expect(tables.map((row) => row.table_name)).toContain('users');
    expect(applied[0]?.count).toBeGreaterThan(0);
    expect(appliedAgain).toEqual(applied);
  });

  it('enforces one account per e-mail address regardless of case', async () => {
    handle = await createTestDatabase();
    await handle.db.insert(users).values({ email: 'Anna@Example.se', role: 'creator', fullName: 'Anna' });
    await expect(
      handle.db.insert(users).values({ email: 'anna@example.SE', role: 'brand', fullName: 'Anna B' }),
    ).rejects.toThrow();
  });
});

/** A database migrated up to, not including, migration `idx` (the rest follow with `migrate`). */
async function migratedBefore(idx: number): Promise<DatabaseHandle> {
  const folder = await mkdtemp(join(tmpdir(), 'kollab-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < idx);
    await writeFile(journalPath, JSON.stringify(journal));
    const database = await createTestDatabase({ migrated: false });
    await database.migrate(folder);
    return database;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('migration 0012 (subscriber consent history)', () => {
  it('gives subscriptions from before it their given, changed and withdrawn events', async () => {
    // The migrations up to 0011, then the subscribers as they were.
    handle = await migratedBefore(12);
    await handle.db.execute(sql`
      insert into subscribers (id, email, categories, consent_version, consented_at, locale, confirmed_at,
                               unsubscribed_at, unsubscribe_token_hash) values
        ('pending', 'p@example.se', '{food}', '2026-11-01', '2026-11-02T10:00Z', 'sv', null, null, 'h1'),
        ('active', 'a@example.se', '{food}', '2026-11-01', '2026-11-02T10:00Z', 'en', '2026-11-02T10:05Z', null, 'h2'),
        ('updated', 'u@example.se', '{pets}', '2026-11-01', '2026-11-20T08:00Z', 'sv', '2026-11-03T09:00Z', null, 'h3'),
        ('left', 'l@example.se', '{}', '2026-11-01', '2026-11-02T10:00Z', 'sv', '2026-11-02T11:00Z', '2026-12-01T12:00Z', 'h4')`);

    await migrate(handle);

    const events = await queryRows<{
      subscriber_id: string;
      kind: string;
      locale: string;
      source: string;
      stated_at: string;
      created_at: string;
    }>(
      handle.db,
      sql`select subscriber_id, kind, locale, source, to_char(stated_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as stated_at,
                 to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as created_at
          from subscriber_consent_events order by subscriber_id, id`,
    );
    expect(events).toEqual([
      {
        subscriber_id: 'active',
        kind: 'given',
        locale: 'en',
        source: 'subscribe_form',
        stated_at: '2026-11-02 10:00',
        created_at: '2026-11-02 10:05',
      },
      {
        subscriber_id: 'left',
        kind: 'given',
        locale: 'sv',
        source: 'subscribe_form',
        stated_at: '2026-11-02 10:00',
        created_at: '2026-11-02 11:00',
      },
      {
        subscriber_id: 'left',
        kind: 'withdrawn',
        locale: 'sv',
        source: 'unsubscribe_link',
        stated_at: '2026-12-01 12:00',
        created_at: '2026-12-01 12:00',
      },
      {
        subscriber_id: 'updated',
        kind: 'given',
        locale: 'sv',
        source: 'subscribe_form',
        stated_at: '2026-11-03 09:00',
        created_at: '2026-11-03 09:00',
      },
      {
        subscriber_id: 'updated',
        kind: 'changed',
        locale: 'sv',
        source: 'subscribe_form',
        stated_at: '2026-11-20 08:00',
        created_at: '2026-11-20 08:00',
      },
    ]);
  });
});

describe('migration 0015 (token expiry, session list)', () => {
  it('gives existing sessions a public id and the new limits, and existing confirmation links an expiry', async () => {
    handle = await migratedBefore(15);
    await handle.db.execute(sql`
      insert into users (id, email, role, full_name) values ('u1', 'u1@example.se', 'creator', 'U One')`);
    // An old session kept alive by the sliding expiry, and one from yesterday.
    await handle.db.execute(sql`
      insert into sessions (id, secret_hash, user_id, created_at, expires_at) values
        ('old', 'h1', 'u1', now() - interval '40 days', now() + interval '20 days'),
        ('new', 'h2', 'u1', now() - interval '1 day', now() + interval '29 days')`);
    await handle.db.execute(sql`
      insert into subscribers (id, email, categories, consent_version, consented_at, confirm_token_hash,
                               confirmed_at, unsubscribe_token_hash, updated_at) values
        ('stale', 's@example.se', '{food}', '2026-11-01', now(), 'c1', null, 'h1', now() - interval '10 days'),
        ('fresh', 'f@example.se', '{food}', '2026-11-01', now(), 'c2', null, 'h2', now() - interval '1 day'),
        ('done', 'd@example.se', '{food}', '2026-11-01', now(), null, now(), 'h3', now() - interval '1 day')`);
    await handle.db.execute(sql`
      insert into deletion_requests (id, email, source, confirm_token_hash, due_at, updated_at) values
        ('stale', 's@example.se', 'public', 'c1', now() + interval '12 days', now() - interval '2 days'),
        ('fresh', 'f@example.se', 'public', 'c2', now() + interval '14 days', now() - interval '1 hour')`);

    await migrate(handle);

    const { db } = handle;
    const hoursFromNow = (column: string, table: string) =>
      queryRows<{ id: string; hours: number | null; public_id?: string }>(
        db,
        sql`select id, round(extract(epoch from (${sql.identifier(column)} - now())) / 3600)::int as hours
                   ${table === 'sessions' ? sql`, public_id` : sql``}
            from ${sql.identifier(table)} order by id`,
      );
    const sessionRows = await hoursFromNow('expires_at', 'sessions');
    expect(sessionRows.map(({ id, hours }) => ({ id, hours }))).toEqual([
      { id: 'new', hours: 7 * 24 },
      { id: 'old', hours: -10 * 24 },
    ]);
    expect(sessionRows[0]?.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionRows[1]?.public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionRows[0]?.public_id).not.toBe(sessionRows[1]?.public_id);
    const seen = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sessions where last_seen_at > now() - interval '1 minute'`,
    );
    expect(seen).toEqual([{ n: 2 }]);
    expect(await hoursFromNow('confirm_token_expires_at', 'subscribers')).toEqual([
      { id: 'done', hours: null },
      { id: 'fresh', hours: 6 * 24 },
      { id: 'stale', hours: -3 * 24 },
    ]);
    expect(await hoursFromNow('confirm_token_expires_at', 'deletion_requests')).toEqual([
      { id: 'fresh', hours: 23 },
      { id: 'stale', hours: -24 },
    ]);
  });
});

describe('demo seed', () => {
  it('creates the demo accounts once and is idempotent', async () => {
    handle = await createTestDatabase();
    const hashPassword = async (password: string) => `hashed:${password}`;

    expect(await seedDemo(handle.db, { hashPassword })).toBe(DEMO_ACCOUNTS.length);
    expect(await seedDemo(handle.db, { hashPassword })).toBe(0);

    const rows = await handle.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email);
    expect(rows).toEqual([
      { email: 'admin@demo.kollab.se', role: 'admin' },
      { email: 'brand@demo.kollab.se', role: 'brand' },
      { email: 'creator@demo.kollab.se', role: 'creator' },
    ]);
    const seeded = await handle.db
      .select({ title: campaigns.title, status: campaigns.status })
      .from(campaigns)
      .orderBy(campaigns.title);
    expect(seeded).toEqual([
      { title: 'Höstens fjällrost', status: 'published' },
      { title: 'Julkalender (utkast)', status: 'draft' },
      { title: 'Vinterns termosguide', status: 'published' },
    ]);
  });
});
