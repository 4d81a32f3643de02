import { paymentMethods, withdrawals } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createUser } from '../../../test/support/factories.ts';
import { loginAs } from '../../../test/support/login-as.ts';
import { camt054Answer, pain002Answer } from '../../../test/support/payout-answers.ts';
import { balanceOf, createBatch, creatorWithdrawal, ledgerTotal, upload } from '../../../test/support/payouts.ts';
import { referenceFile } from '../../../test/support/reference-files.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let admin: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, PAYOUT_METHOD_HOLD_HOURS: '0' } });
  admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Batch = {
  data: { id: string; messageId: string; payoutCount: number; totalOre: number; counts: unknown };
  skipped: unknown[];
};

async function exportFile(batchId: string) {
  const res = await t.app.request(`/api/admin/payout-batches/${batchId}/pain001`, { headers: { Cookie: admin } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return res.text();
}

async function withdrawalStatus(id: string) {
  const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row?.status;
}

describe('payout batches', () => {
  it('batches bank and IBAN withdrawals, skips the rest, and exports the same valid pain.001 twice', async () => {
    const bank = await creatorWithdrawal(t, { method: 'bank', amountOre: 12_345 });
    const iban = await creatorWithdrawal(t, { method: 'iban', amountOre: 20_000 });
    const swish = await creatorWithdrawal(t, { method: 'swish' });
    const res = await createBatch(t, admin, [bank.withdrawalId, iban.withdrawalId, swish.withdrawalId, 'nope']);
    expect(res.status).toBe(201);
    const batch = (await res.json()) as Batch;
    expect(batch).toEqual({
      data: {
        id: batch.data.id,
        messageId: `KB${batch.data.id.toUpperCase()}`,
        payoutCount: 2,
        totalOre: 32_345,
        executionDate: '2026-11-27',
        exportCount: 0,
        firstExportedAt: null,
        createdAt: expect.any(String),
        counts: { sent: 2, paid: 0, returned: 0 },
      },
      skipped: [
        { withdrawalId: 'nope', reason: 'not_found' },
        { withdrawalId: swish.withdrawalId, reason: 'not_a_bank_method' },
      ].sort((a, b) => (a.withdrawalId < b.withdrawalId ? -1 : 1)),
    });
    expect(await withdrawalStatus(bank.withdrawalId)).toBe('sent');
    expect(await withdrawalStatus(swish.withdrawalId)).toBe('requested');
    expect((await smtp.waitForMail(bank.user.email, (m) => m.subject === 'Ditt uttag är på väg')).text).toContain(
      bank.endToEndId,
    );

    const first = await exportFile(batch.data.id);
    // The creator deletes the method afterwards: the file is still the same.
    await t.db.delete(paymentMethods).where(eq(paymentMethods.userId, bank.user.id));
    const second = await exportFile(batch.data.id);
    expect(second).toBe(first);
    const valid = await validateXML({
      xml: [{ fileName: 'batch.xml', contents: first }],
      schema: [
        {
          fileName: 'pain.001.001.03.xsd',
          contents: referenceFile('iso20022/xsd/pain.001.001.03.xsd').toString('utf8'),
        },
      ],
    });
    expect(valid.errors).toEqual([]);
    expect(first).toContain(`<EndToEndId>${bank.endToEndId}</EndToEndId>`);
    expect(first).toContain('<MmbId>8327</MmbId>');
    expect(first).toContain('<Othr><Id>123456782</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr>');
    expect(first).toContain('<IBAN>SE4550000000058398257466</IBAN></Id></CdtrAcct>');
    expect(first).toContain('<CtrlSum>323.45</CtrlSum>');
    const again = (await (
      await t.app.request(`/api/admin/payout-batches/${batch.data.id}`, { headers: { Cookie: admin } })
    ).json()) as { data: { exportCount: number } };
    expect(again.data.exportCount).toBe(2);
  });

  it('puts a withdrawal in one batch only, and refuses a batch with nothing to pay', async () => {
    const { withdrawalId } = await creatorWithdrawal(t, { method: 'bank' });
    expect((await createBatch(t, admin, [withdrawalId])).status).toBe(201);
    const second = await createBatch(t, admin, [withdrawalId]);
    expect(second.status).toBe(422);
    expect(await second.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { withdrawalIds: ['nothing_to_pay'] } },
    });
  });

  it('leaves out withdrawals held for review', async () => {
    const { withdrawalId } = await creatorWithdrawal(t, { method: 'iban' });
    await t.db
      .update(withdrawals)
      .set({ heldUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(withdrawals.id, withdrawalId));
    const res = await createBatch(t, admin, [withdrawalId]);
    expect(res.status).toBe(422);
    const blocked = (await (
      await t.app.request('/api/admin/payouts/blocked', { headers: { Cookie: admin } })
    ).json()) as { data: { withdrawalId: string; problem: string }[] };
    expect(blocked.data.find((row) => row.withdrawalId === withdrawalId)?.problem).toBe('held_for_review');
  });

  it('is for admins only', async () => {
    const { cookie, withdrawalId } = await creatorWithdrawal(t, { method: 'bank' });
    expect((await createBatch(t, cookie, [withdrawalId])).status).toBe(403);
    expect((await t.app.request('/api/admin/payout-batches')).status).toBe(401);
  });
});

describe("the bank's answer", () => {
  async function sentBatch() {
    const paid = await creatorWithdrawal(t, { method: 'bank', amountOre: 30_000, locale: 'en' });
    const returned = await creatorWithdrawal(t, { method: 'iban', amountOre: 40_000, locale: 'sv' });
    const batch = (await (await createBatch(t, admin, [paid.withdrawalId, returned.withdrawalId])).json()) as Batch;
    await exportFile(batch.data.id);
    return { paid, returned, batch };
  }

  it('previews without changing anything, then pays one and returns the other to the balance, once', async () => {
    const { paid, returned, batch } = await sentBatch();
    const file = camt054Answer(
      [
        { endToEndId: paid.endToEndId, amountOre: 30_000, kind: 'paid' },
        { endToEndId: returned.endToEndId, amountOre: 40_000, kind: 'paid' },
        { endToEndId: returned.endToEndId, amountOre: 40_000, kind: 'returned', reason: 'AC04' },
        { endToEndId: 'KWSOMEONEELSE', amountOre: 100, kind: 'paid' },
      ],
      `A-${batch.data.id}`,
    );
    const preview = await upload(t, '/api/admin/payouts/answers/preview', admin, file);
    expect(preview.status).toBe(200);
    const expected = {
      format: 'camt054',
      alreadyImported: false,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      lines: [
        {
          endToEndId: paid.endToEndId,
          outcome: 'paid',
          amountOre: 30_000,
          reason: null,
          withdrawalId: paid.withdrawalId,
          refundId: null,
          effect: 'paid',
        },
        {
          endToEndId: returned.endToEndId,
          outcome: 'paid',
          amountOre: 40_000,
          reason: null,
          withdrawalId: returned.withdrawalId,
          refundId: null,
          effect: 'paid',
        },
        {
          endToEndId: returned.endToEndId,
          outcome: 'returned',
          amountOre: 40_000,
          reason: 'AC04',
          withdrawalId: returned.withdrawalId,
          refundId: null,
          effect: 'returned',
        },
        {
          endToEndId: 'KWSOMEONEELSE',
          outcome: 'paid',
          amountOre: 100,
          reason: null,
          withdrawalId: null,
          refundId: null,
          effect: 'unknown_reference',
        },
      ],
      totals: { paid: 2, returned: 1, paidOre: 70_000, returnedOre: 40_000 },
    };
    expect(await preview.json()).toEqual({ data: expected });
    expect(await withdrawalStatus(paid.withdrawalId)).toBe('sent');
    expect(await balanceOf(t, returned.user.id, 'creator_pending')).toBe(40_000);

    const imported = await upload(t, '/api/admin/payouts/answers', admin, file);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ data: expected });
    expect(await withdrawalStatus(paid.withdrawalId)).toBe('paid');
    expect(await withdrawalStatus(returned.withdrawalId)).toBe('returned');
    expect(await balanceOf(t, paid.user.id, 'creator_pending')).toBe(0);
    expect(await balanceOf(t, returned.user.id, 'creator_pending')).toBe(0);
    expect(await balanceOf(t, returned.user.id, 'creator_available')).toBe(40_000);
    expect(await ledgerTotal(t)).toBe(0);
    await t.settle();
    const mail = await smtp.waitForMail(returned.user.email, (m) => m.subject === 'Ditt uttag kom tillbaka');
    expect(mail.text).toContain('kontot är avslutat (AC04)');
    await smtp.waitForMail(paid.user.email, (m) => m.subject === 'Your withdrawal was paid');

    const earnings = (await (
      await t.app.request('/api/earnings', { headers: { Cookie: returned.cookie } })
    ).json()) as { data: { availableOre: number; entries: { status: string }[] } };
    expect(earnings.data.availableOre).toBe(40_000);
    expect(earnings.data.entries.map((entry) => entry.status)).toContain('returned');

    const twice = await upload(t, '/api/admin/payouts/answers', admin, file);
    expect(twice.status).toBe(409);
    // The same lines in another file (another day's notification) move nothing either.
    const replay = await upload(
      t,
      '/api/admin/payouts/answers',
      admin,
      camt054Answer(
        [
          { endToEndId: returned.endToEndId, amountOre: 40_000, kind: 'returned', reason: 'AC04' },
          { endToEndId: paid.endToEndId, amountOre: 30_000, kind: 'paid' },
        ],
        `B-${batch.data.id}`,
      ),
    );
    const body = (await replay.json()) as { data: { lines: { effect: string }[] } };
    expect(body.data.lines.map((line) => line.effect)).toEqual(['no_change', 'no_change']);
    expect(await balanceOf(t, returned.user.id, 'creator_available')).toBe(40_000);
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('does not settle a line whose amount differs from the payout', async () => {
    const { paid, batch } = await sentBatch();
    const res = await upload(
      t,
      '/api/admin/payouts/answers',
      admin,
      camt054Answer([{ endToEndId: paid.endToEndId, amountOre: 29_999, kind: 'paid' }], `M-${batch.data.id}`),
    );
    const body = (await res.json()) as { data: { lines: { effect: string }[] } };
    expect(body.data.lines.map((line) => line.effect)).toEqual(['amount_mismatch']);
    expect(await withdrawalStatus(paid.withdrawalId)).toBe('sent');
  });

  it('returns every payout of a file the bank rejected as a whole (pain.002)', async () => {
    const { paid, returned, batch } = await sentBatch();
    const res = await upload(
      t,
      '/api/admin/payouts/answers',
      admin,
      pain002Answer(batch.data.messageId, [], `G-${batch.data.id}`, 'RJCT'),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { format: string; totals: unknown } };
    expect(body.data.format).toBe('pain002');
    expect(body.data.totals).toEqual({ paid: 0, returned: 2, paidOre: 0, returnedOre: 0 });
    expect(await balanceOf(t, paid.user.id, 'creator_available')).toBe(30_000);
    expect(await balanceOf(t, returned.user.id, 'creator_available')).toBe(40_000);
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('refuses a file that is not a bank answer and changes nothing', async () => {
    const res = await upload(t, '/api/admin/payouts/answers', admin, 'hello');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { file: ['malformed_bank_file'] } },
    });
  });
});
