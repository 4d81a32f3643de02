import { auditLog, bankIdOrders, identityVerifications, users } from '@kollab/db/schema';
import { type BankIdStandIn, startBankIdStandIn } from '@kollab/stand-ins/bankid';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { bankIdQrContent } from '../../integrations/bankid/qr.ts';

let t: TestApp;
let bankId: BankIdStandIn;

beforeAll(async () => {
  bankId = await startBankIdStandIn();
  t = await createTestApp({ bankIdStandIn: bankId, settings: { BANKID_TIMEOUT_MS: '300' } });
});
afterAll(async () => {
  await t.close();
  await bankId.close();
});

type OrderBody = { data: Record<string, unknown> & { id: string; qrData: string | null; autostartUrl: string | null } };

async function signedInCreator() {
  const user = await createUser(t.db, { fullName: 'Typed Name' });
  return { user, cookie: await loginAs(t.db, user) };
}
const start = (cookie: string) =>
  t.app.request('/api/identity/bankid', { method: 'POST', headers: jsonHeaders(cookie) });
const look = (cookie: string, id: string) =>
  t.app.request(`/api/bankid/orders/${id}`, { headers: jsonHeaders(cookie) });
const approveAs = (orderId: string, personId: string) => async () => {
  const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, orderId));
  const order = row ? bankId.book.orders.get(row.orderRef) : undefined;
  const person = bankId.persons().find((candidate) => candidate.id === personId);
  if (!order || !person) throw new Error('no order or person');
  bankId.book.approve(order, person, Date.now());
};
const identityOf = async (cookie: string) =>
  (await (await t.app.request('/api/identity', { headers: jsonHeaders(cookie) })).json()) as {
    data: Record<string, unknown>;
  };

describe('verifying identity with BankID', () => {
  it('verifies a creator: number and name from BankID, masked, with the time', async () => {
    const { user, cookie } = await signedInCreator();
    expect((await identityOf(cookie)).data).toEqual({
      verified: false,
      method: null,
      verifiedAt: null,
      name: null,
      personalNumberMasked: null,
      requiredFrom: '2027-07-01',
    });
    const started = await start(cookie);
    expect(started.status).toBe(201);
    const { data: order } = (await started.json()) as OrderBody;
    expect(order).toMatchObject({
      purpose: 'identify',
      status: 'pending',
      hintCode: 'outstandingTransaction',
      refusal: null,
    });
    expect(order.qrData).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
    expect(order.autostartUrl).toMatch(new RegExp(`^${bankId.appUrl}\\?autostarttoken=[0-9a-f-]{36}&redirect=null$`));
    // The QR code is BankID's: the stand-in's app opens the order from it.
    const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, order.id));
    expect(bankId.book.byQrContent(order.qrData ?? '', Date.now())?.orderRef).toBe(row?.orderRef);

    await approveAs(order.id, 'adult')();
    const done = (await (await look(cookie, order.id)).json()) as OrderBody;
    expect(done.data).toEqual({
      id: order.id,
      purpose: 'identify',
      status: 'complete',
      hintCode: null,
      refusal: null,
      qrData: null,
      autostartUrl: null,
    });
    const adult = bankId.persons()[0];
    const identity = (await identityOf(cookie)).data;
    expect(identity).toMatchObject({
      verified: true,
      method: 'bankid',
      name: 'Anna Andersson',
      personalNumberMasked: `${adult?.personalNumber.slice(0, 8)}-****`,
    });
    expect(Date.now() - Date.parse(String(identity.verifiedAt))).toBeLessThan(10_000);
    const [account] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(account?.fullName).toBe('Anna Andersson');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((entry) => entry.action)).toContain('identity.verified');
    // Once is enough.
    const again = await start(cookie);
    expect([again.status, ((await again.json()) as { error: { code: string } }).error.code]).toEqual([409, 'conflict']);
  });

  it('refuses a 17-year-old and changes nothing', async () => {
    const { user, cookie } = await signedInCreator();
    const { data: order } = (await (await start(cookie)).json()) as OrderBody;
    await approveAs(order.id, 'minor')();
    const done = (await (await look(cookie, order.id)).json()) as OrderBody;
    expect(done.data).toMatchObject({ status: 'failed', refusal: 'under_18', hintCode: null });
    expect((await identityOf(cookie)).data.verified).toBe(false);
    const [account] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([account?.fullName, account?.personalNumberEncrypted]).toEqual(['Typed Name', null]);
  });

  it('refuses a personal number already verified on another account', async () => {
    const first = await signedInCreator();
    const { data: one } = (await (await start(first.cookie)).json()) as OrderBody;
    await approveAs(one.id, 'coordination')();
    expect(((await (await look(first.cookie, one.id)).json()) as OrderBody).data.status).toBe('complete');
    const second = await signedInCreator();
    const { data: two } = (await (await start(second.cookie)).json()) as OrderBody;
    await approveAs(two.id, 'coordination')();
    expect(((await (await look(second.cookie, two.id)).json()) as OrderBody).data).toMatchObject({
      status: 'failed',
      refusal: 'personal_number_taken',
    });
    expect((await identityOf(second.cookie)).data.verified).toBe(false);
    expect(
      await t.db.select().from(identityVerifications).where(eq(identityVerifications.userId, second.user.id)),
    ).toEqual([]);
  });

  it("passes BankID's failures on as hintCodes; a finished order stays as it ended", async () => {
    for (const [personId, hintCode] of [
      ['cancelled', 'userCancel'],
      ['expired', 'expiredTransaction'],
      ['elsewhere', 'cancelled'],
      ['startFailed', 'startFailed'],
    ] as const) {
      const { cookie } = await signedInCreator();
      const { data: order } = (await (await start(cookie)).json()) as OrderBody;
      await approveAs(order.id, personId)();
      const body = (await (await look(cookie, order.id)).json()) as OrderBody;
      expect(body.data).toMatchObject({ status: 'failed', hintCode, refusal: null, qrData: null });
      expect((await identityOf(cookie)).data.verified).toBe(false);
    }
  });

  it('shows a new QR code every second while pending, and the hintCode as the app moves on', async () => {
    const { cookie } = await signedInCreator();
    const { data: order } = (await (await start(cookie)).json()) as OrderBody;
    const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, order.id));
    const stand = row ? bankId.book.orders.get(row.orderRef) : undefined;
    if (!stand) throw new Error('no order');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    stand.hintCode = 'userSign';
    const later = (await (await look(cookie, order.id)).json()) as OrderBody;
    expect(later.data.hintCode).toBe('userSign');
    expect(later.data.qrData).not.toBe(order.qrData);
    const seconds = Number(later.data.qrData?.split('.')[2]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(later.data.qrData).toBe(bankIdQrContent(stand.qrStartToken, stand.qrStartSecret, seconds));
    const cancelled = await t.app.request(`/api/bankid/orders/${order.id}`, {
      method: 'DELETE',
      headers: jsonHeaders(cookie),
    });
    expect(((await cancelled.json()) as OrderBody).data).toMatchObject({ status: 'cancelled', qrData: null });
    expect(bankId.book.orders.has(stand.orderRef)).toBe(false);
  });

  it('answers bankid_unavailable when BankID fails or is slow, and stores no order', async () => {
    const { user, cookie } = await signedInCreator();
    for (const fault of ['maintenance', 'internalError', 'slow'] as const) {
      bankId.fault = fault;
      try {
        const res = await start(cookie);
        expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
          503,
          'bankid_unavailable',
        ]);
      } finally {
        bankId.fault = undefined;
      }
    }
    expect(await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.userId, user.id))).toEqual([]);
  });

  it('keeps orders to their owner and identity to creators', async () => {
    const owner = await signedInCreator();
    const other = await signedInCreator();
    const { data: order } = (await (await start(owner.cookie)).json()) as OrderBody;
    expect((await look(other.cookie, order.id)).status).toBe(404);
    const brand = await createUser(t.db, { role: 'brand' });
    const res = await start(await loginAs(t.db, brand));
    expect(res.status).toBe(403);
    expect((await t.app.request('/api/identity/bankid', { method: 'POST', headers: jsonHeaders() })).status).toBe(401);
  });
});
