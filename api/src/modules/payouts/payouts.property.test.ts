import { queryRows } from '@kollab/db';
import { payouts, type User, withdrawals } from '@kollab/db/schema';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { type AnswerLine, camt054Answer } from '../../../test/support/payout-answers.ts';
import { balanceOf, creatorWithdrawal } from '../../../test/support/payouts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { AppError } from '../../lib/errors.ts';
import { importPayoutAnswer } from './answers.service.ts';
import { createBatch, exportBatch } from './batches.service.ts';

// Random withdrawals to bank accounts and IBANs, batched in random groups (some twice), exported
// (some twice), and bank answers saying paid or returned, duplicated, reordered, in files that
// are sometimes uploaded again. After every step: the ledger balances, no creator balance is
// negative, a withdrawal is in at most one payout, and every creator's money adds up.
let t: TestApp;
let admin: User;
beforeAll(async () => {
  t = await createTestApp({ settings: { PAYOUT_METHOD_HOLD_HOURS: '0' } });
  admin = await createUser(t.db, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const Op = fc.oneof(
  fc.record({ kind: fc.constant('batch' as const), pick: fc.array(fc.nat(3), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('export' as const), batch: fc.nat(3) }),
  fc.record({
    kind: fc.constant('answer' as const),
    lines: fc.array(fc.record({ who: fc.nat(3), outcome: fc.constantFrom('paid' as const, 'returned' as const) }), {
      minLength: 1,
      maxLength: 6,
    }),
    again: fc.boolean(),
  }),
);

async function quietly(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

let files = 0;

type Creator = Awaited<ReturnType<typeof creatorWithdrawal>> & { earned: number; withdrawOre: number };

it('never pays twice, balances the ledger and keeps creator balances ≥ 0', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          method: fc.constantFrom('bank' as const, 'iban' as const),
          earned: fc.integer({ min: 10_000, max: 200_000 }),
          share: fc.integer({ min: 10, max: 100 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      fc.array(Op, { minLength: 1, maxLength: 12 }),
      async (people, ops) => {
        const creators: Creator[] = [];
        for (const person of people) {
          const withdrawOre = Math.max(10_000, Math.floor((person.earned * person.share) / 100));
          creators.push({
            ...(await creatorWithdrawal(t, { method: person.method, amountOre: person.earned, withdrawOre })),
            earned: person.earned,
            withdrawOre,
          });
        }
        const batches: string[] = [];
        for (const op of ops) {
          if (op.kind === 'batch') {
            const ids = op.pick.map((n) => creators[n % creators.length]?.withdrawalId ?? '');
            await quietly(async () => {
              const { batch } = await createBatch(t.db, t.secrets, admin, { withdrawalIds: ids });
              batches.push(batch.id);
            });
          } else if (op.kind === 'export') {
            const id = batches[op.batch % Math.max(1, batches.length)];
            if (id) {
              const first = await exportBatch(t.db, t.env, t.secrets, admin, id);
              const second = await exportBatch(t.db, t.env, t.secrets, admin, id);
              expect(second.xml).toBe(first.xml);
            }
          } else {
            files += 1;
            const lines: AnswerLine[] = op.lines.map((line) => {
              const creator = creators[line.who % creators.length];
              return {
                endToEndId: creator?.endToEndId ?? '',
                amountOre: creator?.withdrawOre ?? 0,
                kind: line.outcome,
              };
            });
            const bytes = new TextEncoder().encode(camt054Answer(lines, `P${files}`));
            await quietly(() => importPayoutAnswer(t.db, admin, { bytes, name: 'a.xml' }));
            if (op.again) await quietly(() => importPayoutAnswer(t.db, admin, { bytes, name: 'a.xml' }));
          }
          await checkInvariants(creators);
        }
      },
    ),
    { numRuns: 12 },
  );
});

async function checkInvariants(creators: Creator[]) {
  const unbalanced = await queryRows(
    t.db,
    sql`select posting_id from ledger_entries group by posting_id having sum(amount_ore) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const [total] = await queryRows<{ total: string | null }>(
    t.db,
    sql`select sum(amount_ore)::text as total from ledger_entries`,
  );
  expect(Number(total?.total ?? 0)).toBe(0);
  const negative = await queryRows(
    t.db,
    sql`select 1 from balances where account in ('creator_available', 'creator_pending') and amount_ore < 0`,
  );
  expect(negative).toEqual([]);
  const ids = creators.map((creator) => creator.withdrawalId);
  const rows = await t.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
  const sent = await t.db.select().from(payouts).where(inArray(payouts.withdrawalId, ids));
  expect(new Set(sent.map((payout) => payout.withdrawalId)).size).toBe(sent.length);
  for (const creator of creators) {
    const row = rows.find((withdrawal) => withdrawal.id === creator.withdrawalId);
    const payout = sent.find((p) => p.withdrawalId === creator.withdrawalId);
    const available = await balanceOf(t, creator.user.id, 'creator_available');
    const pending = await balanceOf(t, creator.user.id, 'creator_pending');
    const paidOut = row?.status === 'paid' ? creator.withdrawOre : 0;
    expect(available + pending + paidOut).toBe(creator.earned);
    expect(pending).toBe(row?.status === 'requested' || row?.status === 'sent' ? creator.withdrawOre : 0);
    expect(payout?.status ?? 'none').toBe(
      row?.status === 'requested' ? 'none' : row?.status === 'sent' ? 'sent' : (row?.status ?? 'none'),
    );
  }
}
