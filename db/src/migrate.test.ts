import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from './client.ts';
import { migrate } from './migrate.ts';
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
