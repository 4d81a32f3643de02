import { createTestDatabase, type DatabaseHandle } from '@kollab/db';
import { users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRows } from '../../lib/row-estimate.ts';
import { countOrEstimate, orderBy } from './list-query.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values(
    Array.from({ length: 30 }, (_, n) => ({
      email: `count-${n}@example.se`,
      role: n < 25 ? ('creator' as const) : ('brand' as const),
      fullName: `Count ${n}`,
    })),
  );
  await database.db.execute(sql`analyze users`);
});
afterAll(() => database.close());

const creators = () => database.db.select({ one: sql`1` }).from(users).where(eq(users.role, 'creator')).$dynamic();

describe('countOrEstimate (ADR 036)', () => {
  it('counts exactly up to the limit', async () => {
    expect(await countOrEstimate(database.db, creators, 25)).toEqual({ total: 25, totalIsEstimate: false });
    expect(await countOrEstimate(database.db, creators)).toEqual({ total: 25, totalIsEstimate: false });
  });

  it("past the limit answers the planner's estimate, never below the limit, and says so", async () => {
    const answer = await countOrEstimate(database.db, creators, 10);
    expect(answer.totalIsEstimate).toBe(true);
    expect(answer.total).toBeGreaterThanOrEqual(11);
    expect(answer.total).toBeLessThanOrEqual(30);
  });

  it('estimateFirst: counts only where the planner expects at most the limit, else answers its estimate', async () => {
    expect(await countOrEstimate(database.db, creators, 10_000, { estimateFirst: true })).toEqual({
      total: 25,
      totalIsEstimate: false,
    });
    // Statistics taken before 20 creators left: the planner still expects 45, 25 are left.
    const gone = await database.db
      .insert(users)
      .values(
        Array.from({ length: 20 }, (_, n) => ({
          email: `gone-${n}@example.se`,
          role: 'creator' as const,
          fullName: `Gone ${n}`,
        })),
      )
      .returning({ id: users.id });
    await database.db.execute(sql`analyze users`);
    await database.db.delete(users).where(sql`${users.email} like 'gone-%'`);
    try {
      const expected = await estimateRows(database.db, creators());
      expect(expected).toBeGreaterThan(30);
      expect(await countOrEstimate(database.db, creators, 30, { estimateFirst: true })).toEqual({
        total: expected,
        totalIsEstimate: true,
      });
      // Counting first finds the 25 (the trade: near the limit an estimate where a count was exact).
      expect(await countOrEstimate(database.db, creators, 30)).toEqual({ total: 25, totalIsEstimate: false });
    } finally {
      expect(gone).toHaveLength(20);
      await database.db.execute(sql`analyze users`);
    }
  });
});

describe('orderBy', () => {
  it('sorts a NOT NULL column as plain DESC (the indexes’ order), a nullable one with empty values last', () => {
    const render = (parts: ReturnType<typeof orderBy>) =>
      database.db
        .select({ id: users.id })
        .from(users)
        .orderBy(...parts)
        .toSQL()
        .sql.split(' order by ')[1];
    expect(render(orderBy(users.createdAt, 'desc', users.id))).toBe('"users"."created_at" desc, "users"."id" asc');
    expect(render(orderBy(users.suspendedAt, 'desc', users.id))).toBe(
      '"users"."suspended_at" desc nulls last, "users"."id" asc',
    );
    expect(render(orderBy(users.email, 'asc', users.id))).toBe('"users"."email" asc, "users"."id" asc');
  });
});
