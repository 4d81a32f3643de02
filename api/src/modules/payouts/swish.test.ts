import { payouts, withdrawals } from '@kollab/db/schema';
import { createSwishPki, type SwishStandIn, startSwishStandIn } from '@kollab/stand-ins/swish';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { balanceOf, creatorWithdrawal, ledgerTotal } from '../../../test/support/payouts.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createSwishClient } from '../../integrations/swish/client.ts';
import { SwishError } from '../../integrations/swish/errors.ts';
import { callbackToken } from './swish.service.ts';

let t: TestApp;
let smtp: TestSmtp;
let swish: SwishStandIn;
let admin: string;
/** Callbacks the stand-in delivered, with the API's answer. */
const delivered: { path: string; status: number }[] = [];

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The stand-in's callbacks go straight into the app (its URL is the API's public one).
  swish = await startSwishStandIn({
    callbackDelayMs: 20,
    deliver: async (url, body) => {
      const path = new URL(url).pathname;
      const res = await t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      delivered.push({ path, status: res.status });
    },
  });
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, PAYOUT_METHOD_HOLD_HOURS: '0' }, swishStandIn: swish });
  admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await swish?.close();
  await t?.close();
  await smtp?.close();
});

const pay = (withdrawalId: string, key = crypto.randomUUID()) =>
  t.app.request(`/api/admin/withdrawals/${withdrawalId}/swish`, {
    method: 'POST',
    headers: { ...jsonHeaders(admin), 'Idempotency-Key': key },
  });

async function state(withdrawalId: string) {
  const [withdrawal] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.withdrawalId, withdrawalId));
  return {
    withdrawal: withdrawal?.status,
    payout: payout?.status,
    reason: payout?.returnReason ?? null,
    payout_: payout,
  };
}

async function settled() {
  await t.settle();
  await swish.idle();
  await t.settle();
}

describe('Swish payouts through the stand-in', () => {
  it('sends the signed payout with the personal number on the account; the PAID callback settles it once', async () => {
    const creator = await creatorWithdrawal(t, {
      method: 'swish',
      amountOre: 25_050,
      locale: 'en',
      personalNumber: '19850704-5171',
    });
    const key = crypto.randomUUID();
    const res = await pay(creator.withdrawalId, key);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ data: { id: creator.withdrawalId, status: 'sent', reference: creator.endToEndId } });
    // The same key again answers the same and sends nothing more.
    const replay = await pay(creator.withdrawalId, key);
    expect([replay.status, await replay.json()]).toEqual([200, body]);
    await settled();
    const { payout_: payout, ...rest } = await state(creator.withdrawalId);
    expect(rest).toEqual({ withdrawal: 'paid', payout: 'paid', reason: null });
    const sent = swish.payouts.get(payout?.instructionId ?? '');
    expect(sent).toMatchObject({
      payerPaymentReference: creator.endToEndId,
      payeeAlias: '46701234567',
      payeeSSN: '198507045171',
      amount: '250.50',
      currency: 'SEK',
      payoutType: 'PAYOUT',
      status: 'PAID',
    });
    expect(payout?.settlementReference).toBe(sent?.paymentReference);
    expect(await balanceOf(t, creator.user.id, 'creator_pending')).toBe(0);
    await smtp.waitForMail(creator.user.email, (m) => m.subject === 'Your withdrawal was paid');

    // Swish calls back again: nothing moves twice.
    const before = await ledgerTotal(t);
    await swish.sendCallback(payout?.instructionId ?? '');
    expect(delivered.at(-1)?.status).toBe(200);
    expect(await ledgerTotal(t)).toBe(before);
    expect((await state(creator.withdrawalId)).withdrawal).toBe('paid');
    // A new key finds it already sent.
    expect((await pay(creator.withdrawalId)).status).toBe(409);
  });

  it('returns the money when Swish calls back ERROR (payee not enrolled), mailing the reason in Swedish', async () => {
    const creator = await creatorWithdrawal(t, { method: 'swishNotEnrolled', amountOre: 10_000, locale: 'sv' });
    expect((await pay(creator.withdrawalId)).status).toBe(200);
    await settled();
    const { payout_: _payout, ...rest } = await state(creator.withdrawalId);
    expect(rest).toEqual({ withdrawal: 'returned', payout: 'returned', reason: 'ACMT07' });
    expect(await balanceOf(t, creator.user.id, 'creator_available')).toBe(10_000);
    expect(await balanceOf(t, creator.user.id, 'creator_pending')).toBe(0);
    const mail = await smtp.waitForMail(creator.user.email, (m) => m.subject === 'Ditt uttag kom tillbaka');
    expect(mail.text).toContain('numret är inte anslutet till Swish för utbetalningar (ACMT07)');
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('returns the money at once when Swish refuses the payout (amount rule PA02)', async () => {
    const creator = await creatorWithdrawal(t, { method: 'swish', amountOre: 66_600 });
    expect((await pay(creator.withdrawalId)).status).toBe(200);
    await settled();
    const { payout_: _payout, ...rest } = await state(creator.withdrawalId);
    expect(rest).toEqual({ withdrawal: 'returned', payout: 'returned', reason: 'PA02' });
    expect(await balanceOf(t, creator.user.id, 'creator_available')).toBe(66_600);
  });

  it('sends nothing for an account without a verified personal number', async () => {
    const creator = await creatorWithdrawal(t, { method: 'swish', personalNumber: null });
    const res = await pay(creator.withdrawalId);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { withdrawalId: ['no_personal_number'] } },
    });
    expect((await state(creator.withdrawalId)).withdrawal).toBe('requested');
    const blocked = (await (
      await t.app.request('/api/admin/payouts/blocked', { headers: { Cookie: admin } })
    ).json()) as { data: { withdrawalId: string; problem: string }[] };
    expect(blocked.data.find((row) => row.withdrawalId === creator.withdrawalId)?.problem).toBe('no_personal_number');
  });

  it('ignores forged callbacks: a wrong token, or the right token with a made-up status', async () => {
    const creator = await creatorWithdrawal(t, { method: 'swish', amountOre: 12_000 });
    expect((await pay(creator.withdrawalId)).status).toBe(200);
    await t.settle();
    const instruction = (await state(creator.withdrawalId)).payout_?.instructionId ?? '';
    const post = (token: string) =>
      t.app.request(`/api/payouts/swish/callback/${token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payoutInstructionUUID: instruction, status: 'ERROR', errorCode: 'ACMT07' }),
      });
    expect((await post('not-the-token')).status).toBe(404);
    // With the right token the state is read from Swish, which paid it (or has not yet decided).
    expect((await post(callbackToken(t.secrets, instruction))).status).toBe(200);
    await settled();
    expect((await state(creator.withdrawalId)).withdrawal).toBe('paid');
    expect(await balanceOf(t, creator.user.id, 'creator_available')).toBe(0);
    expect(await ledgerTotal(t)).toBe(0);
    const unknown = await t.app.request(`/api/payouts/swish/callback/${callbackToken(t.secrets, 'F'.repeat(32))}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payoutInstructionUUID: 'F'.repeat(32), status: 'PAID' }),
    });
    expect(unknown.status).toBe(404);
  });
});

describe('Swish client against the stand-in', () => {
  const client = (signingKey?: string, serial?: string) =>
    createSwishClient({
      baseUrl: swish.url,
      tls: {
        ca: Buffer.from(swish.pki.ca),
        cert: Buffer.from(swish.pki.client.cert),
        key: Buffer.from(swish.pki.client.key),
      },
      signing: {
        key: Buffer.from(signingKey ?? swish.signing.key),
        serialNumber: serial ?? swish.signing.serialNumber,
      },
      payerAlias: '1231234567',
      timeoutMs: 5_000,
    });
  const request = (id: string) => ({
    payoutInstructionUUID: id,
    payerPaymentReference: 'KWCLIENTTEST',
    payeeAlias: '46701234567',
    payeeSSN: '199001012389',
    amountOre: 100,
    message: 'Test',
    callbackUrl: 'https://example.invalid/callback',
  });

  it('is refused with a key that is not the signing certificate’s, or an unknown serial', async () => {
    const other = (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(client(pem).createPayout(request('A'.repeat(32)))).rejects.toMatchObject({
      errorCode: 'SG02',
      definite: true,
    });
    await expect(client(undefined, 'abcdef').createPayout(request('B'.repeat(32)))).rejects.toMatchObject({
      errorCode: 'SG01',
    });
    expect(swish.payouts.has('A'.repeat(32))).toBe(false);
  });

  it('reads a payout back, and a missing one is a 404 SwishError', async () => {
    await client().createPayout(request('C'.repeat(32)));
    expect(await client().getPayout('C'.repeat(32))).toMatchObject({
      amount: '1.00',
      payerPaymentReference: 'KWCLIENTTEST',
    });
    const missing = await client()
      .getPayout('D'.repeat(32))
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SwishError);
    expect(missing).toMatchObject({ httpStatus: 404, errorCode: 'RP04' });
  });

  it('refuses a client without the transport certificate (mutual TLS)', async () => {
    // A client certificate from another CA than the one Swish (here the stand-in) trusts.
    const stranger = await createSwishPki();
    const bare = createSwishClient({
      baseUrl: swish.url,
      tls: {
        ca: Buffer.from(swish.pki.ca),
        cert: Buffer.from(stranger.client.cert),
        key: Buffer.from(stranger.client.key),
      },
      signing: { key: Buffer.from(swish.signing.key), serialNumber: swish.signing.serialNumber },
      payerAlias: '1231234567',
      timeoutMs: 5_000,
    });
    await expect(bare.getPayout('C'.repeat(32))).rejects.toMatchObject({ errorCode: 'unavailable' });
  });
});
