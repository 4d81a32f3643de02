import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/*
 * For the tests of what instances hold in memory (ADR 035): waiting for PostgreSQL's announcements,
 * and changing rows without them.
 */

/**
 * Milliseconds until `check` holds, polling every 10 ms (which also lets an announcement in: answers
 * from memory involve no I/O); fails after 1 s.
 */
export async function within1s(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > 1_000) throw new Error('not within 1 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

/** Changes rows as a maintenance script would with the triggers switched off: nothing is announced. */
export async function silently(t: TestApp, statement: ReturnType<typeof sql>): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}
