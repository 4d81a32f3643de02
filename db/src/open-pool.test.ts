import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { queryRows } from './client.ts';
import { createTestDatabase } from './testing.ts';

// The API opens every pool connection at start, so no request waits for one to be made (ADR 036,
// "First-second tails"). The test databases' pools hold 4 connections (db/src/testing.ts).
const handle = await createTestDatabase({ migrated: false });
afterAll(() => handle.close());

it('openPool opens every connection of the pool (PostgreSQL) or answers the one in-process connection (PGlite)', async () => {
  const backends = () =>
    queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'kollab'`,
    );
  if (handle.kind === 'pglite') {
    expect(await handle.openPool()).toBe(1);
    return;
  }
  expect(await handle.openPool()).toBe(4);
  expect((await backends())[0]?.n).toBe(4);
  // Opening again opens nothing more.
  expect(await handle.openPool()).toBe(4);
  expect((await backends())[0]?.n).toBe(4);
});
