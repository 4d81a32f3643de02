import { claims, identityVerifications, withdrawals } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createInvitation,
  createUser,
  creditCreator,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let required: TestApp;
let notYet: TestApp;

// One app past the cut-over date, one before it.
beforeAll(async () => {
  required = await createTestApp({ settings: { IDENTITY_REQUIRED_FROM: '2020-01-01', PAYOUT_METHOD_HOLD_HOURS: '0' } });
  notYet = await createTestApp({
    shareDatabaseWith: required,
    settings: { IDENTITY_REQUIRED_FROM: '2999-12-31', PAYOUT_METHOD_HOLD_HOURS: '0' },
  });
});
afterAll(async () => {
  await notYet.close();
  await required.close();
});

async function verify(userId: string): Promise<void> {
  await required.db.insert(identityVerifications).values({
    userId,
    method: 'bankid',
    personalNumberHash: `hash-${userId}`,
    givenName: 'Vera',
    surname: 'Verifierad',
    birthDate: '1990-01-01',
    verifiedAt: new Date('2026-11-20T09:30:00Z'),
  });
}

async function creatorWithEarnings() {
  const user = await createUser(required.db);
  const cookie = await loginAs(required.db, user);
  const res = await required.app.request('/api/user/payment-methods/add', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ type: 'swish', number: '070-123 45 67' }),
  });
  const { data } = (await res.json()) as { data: { id: string } };
  await creditCreator(required.db, { id: `gate-claim-${user.id}`, creatorId: user.id, payoutOre: 50_000 });
  return { user, cookie, methodId: data.id };
}

const withdraw = (app: TestApp, cookie: string, methodId: string) =>
  app.app.request('/api/withdrawals', {
    method: 'POST',
    headers: { ...jsonHeaders(cookie), 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ amountOre: 20_000, paymentMethodId: methodId }),
  });

const codeOf = async (res: Response) => [res.status, ((await res.json()) as { error?: { code: string } }).error?.code];

describe('withdrawals and a verified identity', () => {
  it('needs no verification before IDENTITY_REQUIRED_FROM', async () => {
    const { cookie, methodId } = await creatorWithEarnings();
    expect((await withdraw(notYet, cookie, methodId)).status).toBe(201);
  });

  it('refuses an unverified creator from that date on and moves nothing; a verified one withdraws', async () => {
    const { user, cookie, methodId } = await creatorWithEarnings();
    expect(await codeOf(await withdraw(required, cookie, methodId))).toEqual([403, 'identity_required']);
    expect(await required.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toEqual([]);
    await verify(user.id);
    expect((await withdraw(required, cookie, methodId)).status).toBe(201);
  });
});

describe('campaigns that require verified creators', () => {
  it('the brand sets the requirement; an unverified creator cannot claim or accept an invitation', async () => {
    const brand = await createUser(required.db, { role: 'brand' });
    await createBrandProfile(required.db, brand.id);
    const brandCookie = await loginAs(required.db, brand);
    const draft = await createCampaign(required.db, brand.id, { status: 'draft' });
    const edited = await required.app.request(`/api/campaigns/${draft.id}`, {
      method: 'PATCH',
      headers: jsonHeaders(brandCookie),
      body: JSON.stringify({ requireVerifiedCreators: true }),
    });
    expect(((await edited.json()) as { data: { requireVerifiedCreators: boolean } }).data.requireVerifiedCreators).toBe(
      true,
    );

    const campaign = await createCampaign(required.db, brand.id, { requireVerifiedCreators: true });
    const open = await createCampaign(required.db, brand.id);
    const creator = await createUser(required.db);
    const cookie = await loginAs(required.db, creator);
    const claim = (id: string) =>
      required.app.request(`/api/campaigns/${id}/claims`, {
        method: 'POST',
        headers: jsonHeaders(cookie),
        body: JSON.stringify({ guidelinesConfirmed: true }),
      });
    expect(await codeOf(await claim(campaign.id))).toEqual([403, 'identity_required']);
    const invitation = await createInvitation(required.db, campaign.id, creator.id);
    const accepted = await required.app.request(`/api/invitations/${invitation.id}/accept`, {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ guidelinesConfirmed: true }),
    });
    expect(await codeOf(accepted)).toEqual([403, 'identity_required']);
    expect(await required.db.select().from(claims).where(eq(claims.creatorId, creator.id))).toEqual([]);
    // A campaign without the requirement is open to them; once verified, so is this one.
    expect((await claim(open.id)).status).toBe(201);
    await verify(creator.id);
    expect((await claim(campaign.id)).status).toBe(201);
  });
});

describe("admins' creators table", () => {
  it('shows when each creator verified their identity, or that they have not', async () => {
    const admin = await createUser(required.db, { role: 'admin' });
    const verified = await createUser(required.db, { fullName: 'Idatest Verifierad' });
    await createUser(required.db, { fullName: 'Idatest Overifierad' });
    await verify(verified.id);
    const res = await required.app.request('/api/admin/creators?q=Idatest&sort=fullName&order=asc', {
      headers: jsonHeaders(await loginAs(required.db, admin)),
    });
    const { data } = (await res.json()) as { data: { fullName: string; identityVerifiedAt: string | null }[] };
    expect(data.map((row) => [row.fullName, row.identityVerifiedAt])).toEqual([
      ['Idatest Overifierad', null],
      ['Idatest Verifierad', '2026-11-20T09:30:00.000Z'],
    ]);
  });
});
