import { bankIdOrders, claimAgreements } from '@kollab/db/schema';
import { type BankIdStandIn, startBankIdStandIn } from '@kollab/stand-ins/bankid';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let bankId: BankIdStandIn;

beforeAll(async () => {
  bankId = await startBankIdStandIn();
  t = await createTestApp({ bankIdStandIn: bankId });
});
afterAll(async () => {
  await t.close();
  await bankId.close();
});

type Order = { data: { id: string; status: string; refusal: string | null; hintCode: string | null } };
const get = (cookie: string, path: string) => t.app.request(path, { headers: jsonHeaders(cookie) });
const post = (cookie: string, path: string) => t.app.request(path, { method: 'POST', headers: jsonHeaders(cookie) });

async function approve(orderId: string, personId: string): Promise<void> {
  const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, orderId));
  const order = row ? bankId.book.orders.get(row.orderRef) : undefined;
  const person = bankId.persons().find((candidate) => candidate.id === personId);
  if (!order || !person) throw new Error('no order or person');
  bankId.book.approve(order, person, Date.now());
}

async function verifiedCreatorWithClaim(personId: string) {
  const brand = await createUser(t.db, { role: 'brand' });
  await createBrandProfile(t.db, brand.id, { companyName: 'Rosteriet AB' });
  const campaign = await createCampaign(t.db, brand.id, {
    title: 'Höstens fjällrost',
    guidelines: ['Visa förpackningen'],
    usageRights: 'paid_ads',
    usageMonths: 6,
    payoutOre: 150_000,
  });
  const creator = await createUser(t.db);
  const cookie = await loginAs(t.db, creator);
  const { data: verify } = (await (await post(cookie, '/api/identity/bankid')).json()) as Order;
  await approve(verify.id, personId);
  expect(((await (await get(cookie, `/api/bankid/orders/${verify.id}`)).json()) as Order).data.status).toBe('complete');
  const claim = await createClaim(t.db, campaign, creator.id);
  return { brand, brandCookie: await loginAs(t.db, brand), creator, cookie, claim };
}

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe("signing a claim's agreement with BankID", () => {
  it('signs the exact agreement text; both parties download the PDF with it', async () => {
    const { cookie, brandCookie, claim } = await verifiedCreatorWithClaim('adult');
    const before = (await (await get(cookie, `/api/claims/${claim.id}/agreement`)).json()) as {
      data: { status: string; text: string };
    };
    expect(before.data.status).toBe('unsigned');
    expect(before.data.text).toContain('Avtal om innehåll för kampanjen "Höstens fjällrost"');
    expect(before.data.text).toContain('Parter: Anna Andersson (kreatör) och Rosteriet AB (varumärke), via Kollab.');
    expect(before.data.text).toContain('Ersättning: 1 500,00 kr');
    expect((await get(cookie, `/api/claims/${claim.id}/agreement/pdf`)).status).toBe(404);

    const started = await post(cookie, `/api/claims/${claim.id}/agreement/sign`);
    expect(started.status).toBe(201);
    const { data: order } = (await started.json()) as Order;
    const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, order.id));
    // BankID shows the agreement, and only the verified person may sign it.
    const standInOrder = bankId.book.orders.get(row?.orderRef ?? '');
    expect(standInOrder?.userVisibleData).toBe(before.data.text);
    expect(standInOrder?.personalNumber).toBe(bankId.persons()[0]?.personalNumber);
    await approve(order.id, 'adult');
    expect(((await (await get(cookie, `/api/bankid/orders/${order.id}`)).json()) as Order).data.status).toBe(
      'complete',
    );

    const [kept] = await t.db.select().from(claimAgreements).where(eq(claimAgreements.claimId, claim.id));
    expect(kept?.text).toBe(before.data.text);
    expect(Buffer.from(kept?.signature ?? '', 'base64').toString('utf8')).toContain(before.data.text);
    expect(Buffer.from(kept?.ocspResponse ?? '', 'base64').toString('utf8')).toContain('good');
    const after = (await (await get(brandCookie, `/api/claims/${claim.id}/agreement`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(after.data).toMatchObject({ status: 'signed', text: before.data.text, signerName: 'Anna Andersson' });

    for (const reader of [cookie, brandCookie]) {
      const res = await get(reader, `/api/claims/${claim.id}/agreement/pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kollab-agreement-${claim.id}.pdf"`);
      const text = (await pdfText(res)).replace(/\s+/g, ' ');
      for (const line of before.data.text.split('\n')) expect(text).toContain(line.replace(/\s+/g, ' '));
      expect(text).toContain('Avtal undertecknat med BankID');
      expect(text).toContain(
        `Undertecknat av: Anna Andersson (${bankId.persons()[0]?.personalNumber.slice(0, 8)}-****)`,
      );
    }
    // Once signed, not again; a stranger sees nothing.
    expect((await post(cookie, `/api/claims/${claim.id}/agreement/sign`)).status).toBe(409);
    const stranger = await loginAs(t.db, await createUser(t.db));
    expect((await get(stranger, `/api/claims/${claim.id}/agreement/pdf`)).status).toBe(404);
  });

  it('a second order for the same person is alreadyInProgress; both end and nothing is signed', async () => {
    const { cookie, creator, claim } = await verifiedCreatorWithClaim('adult2');
    const { data: first } = (await (await post(cookie, `/api/claims/${claim.id}/agreement/sign`)).json()) as Order;
    const second = await post(cookie, `/api/claims/${claim.id}/agreement/sign`);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('bankid_already_in_progress');
    expect(((await (await get(cookie, `/api/bankid/orders/${first.id}`)).json()) as Order).data).toMatchObject({
      status: 'failed',
      hintCode: 'cancelled',
    });
    expect(await t.db.select().from(claimAgreements).where(eq(claimAgreements.signerId, creator.id))).toEqual([]);
  });

  it('refuses a signature by someone else than the verified creator, and a user cancel; nothing kept', async () => {
    const { cookie, creator, claim } = await verifiedCreatorWithClaim('coordination');
    const { data: cancelled } = (await (await post(cookie, `/api/claims/${claim.id}/agreement/sign`)).json()) as Order;
    await approve(cancelled.id, 'cancelled');
    expect(((await (await get(cookie, `/api/bankid/orders/${cancelled.id}`)).json()) as Order).data).toMatchObject({
      status: 'failed',
      hintCode: 'userCancel',
    });
    const { data: other } = (await (await post(cookie, `/api/claims/${claim.id}/agreement/sign`)).json()) as Order;
    // The stand-in lets the wrong person approve (BankID itself would not); Kollab refuses it anyway.
    const [row] = await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.id, other.id));
    const order = bankId.book.orders.get(row?.orderRef ?? '');
    if (!order) throw new Error('no order');
    order.personalNumber = undefined;
    await approve(other.id, 'adult');
    expect(((await (await get(cookie, `/api/bankid/orders/${other.id}`)).json()) as Order).data).toMatchObject({
      status: 'failed',
      refusal: 'wrong_person',
    });
    expect(await t.db.select().from(claimAgreements).where(eq(claimAgreements.signerId, creator.id))).toEqual([]);
  });

  it('answers bankid_unavailable when BankID is down, and starts nothing', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, brand.id);
    const creator = await createUser(t.db);
    const cookie = await loginAs(t.db, creator);
    const claim = await createClaim(t.db, campaign, creator.id);
    bankId.fault = 'maintenance';
    try {
      const res = await post(cookie, `/api/claims/${claim.id}/agreement/sign`);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
        503,
        'bankid_unavailable',
      ]);
    } finally {
      bankId.fault = undefined;
    }
    expect(await t.db.select().from(bankIdOrders).where(eq(bankIdOrders.userId, creator.id))).toEqual([]);
  });
});
