import { payouts } from '@kollab/db/schema';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { loginAs } from '../../../test/support/login-as.ts';
import { camt054Answer } from '../../../test/support/payout-answers.ts';
import { balanceOf, createBatch, creatorWithdrawal, ledgerTotal, upload } from '../../../test/support/payouts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Two admins batch the same withdrawals at the same moment, and two uploads of a bank answer race.
// On PostgreSQL (DATABASE_URL) the requests run on parallel connections; on PGlite they are
// serialised by the single connection.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { PAYOUT_METHOD_HOLD_HOURS: '0', RATE_LIMIT_MULTIPLIER: '100' } });
});
afterAll(async () => {
  await t?.close();
});

describe('payout batches under concurrency', () => {
  it('puts each withdrawal in exactly one batch when two admins batch the same ones in parallel', async () => {
    const creators = [];
    for (let i = 0; i < 12; i++) creators.push(await creatorWithdrawal(t, { method: i % 2 ? 'bank' : 'iban' }));
    const ids = creators.map((creator) => creator.withdrawalId);
    const [alice, bob] = await Promise.all([
      loginAs(t.db, await createUser(t.db, { role: 'admin' })),
      loginAs(t.db, await createUser(t.db, { role: 'admin' })),
    ]);
    const answers = await Promise.all([
      createBatch(t, alice, ids),
      createBatch(t, bob, [...ids].reverse()),
      createBatch(t, alice, ids.slice(3, 9)),
      createBatch(t, bob, ids.slice(0, 6)),
    ]);
    const batched = await Promise.all(
      answers.map(async (res) =>
        res.status === 201 ? ((await res.json()) as { data: { payoutCount: number } }).data.payoutCount : 0,
      ),
    );
    expect(answers.every((res) => res.status === 201 || res.status === 422)).toBe(true);
    expect(batched.reduce((sum, n) => sum + n, 0)).toBe(12);
    const rows = await t.db.select().from(payouts).where(inArray(payouts.withdrawalId, ids));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((row) => row.withdrawalId)).size).toBe(12);
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('returns a payout once when the same return arrives in two files uploaded in parallel', async () => {
    const creator = await creatorWithdrawal(t, { method: 'bank', amountOre: 70_000 });
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    expect((await createBatch(t, admin, [creator.withdrawalId])).status).toBe(201);
    const line = { endToEndId: creator.endToEndId, amountOre: 70_000, kind: 'returned' as const };
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        upload(t, '/api/admin/payouts/answers', admin, camt054Answer([line], `C${n}-${creator.withdrawalId}`)),
      ),
    );
    const effects = await Promise.all(
      results.map(
        async (res) => ((await res.json()) as { data: { lines: { effect: string }[] } }).data.lines[0]?.effect,
      ),
    );
    expect(effects.sort()).toEqual(['no_change', 'no_change', 'no_change', 'returned']);
    expect(await balanceOf(t, creator.user.id, 'creator_available')).toBe(70_000);
    expect(await ledgerTotal(t)).toBe(0);
  });
});
