import { balances, creatorEarnings, ledgerEntries, postings } from '@kollab/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { swedishDay } from './rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = swedishDay(new Date());

async function signedIn(role: 'creator' | 'brand' | 'admin', options: { personalNumber?: string } = {}) {
  const user = await createUser(t.db, { role });
  const cookie = await loginAs(t.db, user);
  if (options.personalNumber) {
    const res = await t.app.request(`/api/user/update/${user.id}`, {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ personalNumber: options.personalNumber }),
    });
    expect(res.status).toBe(200);
  }
  return { user, cookie };
}

const putProfile = (cookie: string, body: unknown) =>
  t.app.request('/api/tax/profile', { method: 'PUT', headers: jsonHeaders(cookie), body: JSON.stringify(body) });

async function acceptClaim(creatorId: string, payoutOre: number) {
  const brand = await signedIn('brand');
  const campaign = await createCampaign(t.db, brand.user.id, { payoutOre, budgetOre: payoutOre * 10 });
  const claim = await createClaim(t.db, campaign, creatorId, { status: 'submitted' });
  const res = await t.app.request(`/api/claims/${claim.id}/accept`, {
    method: 'POST',
    headers: jsonHeaders(brand.cookie),
    body: '{}',
  });
  expect(res.status).toBe(200);
  return { claim, campaign };
}

async function entriesOf(claimId: string) {
  const rows = await t.db
    .select({ account: ledgerEntries.account, amountOre: ledgerEntries.amountOre })
    .from(ledgerEntries)
    .innerJoin(postings, eq(postings.id, ledgerEntries.postingId))
    .where(eq(postings.reference, `claim:${claimId}:accepted`));
  return Object.fromEntries(rows.map((row) => [row.account, row.amountOre]));
}

async function available(userId: string) {
  const [row] = await t.db
    .select()
    .from(balances)
    .where(and(eq(balances.holderId, userId), eq(balances.account, 'creator_available')));
  return row?.amountOre ?? 0;
}

describe('tax status', () => {
  it('is a private person until chosen', async () => {
    const { cookie } = await signedIn('creator');
    const res = await t.app.request('/api/tax/profile', { headers: { Cookie: cookie } });
    expect(await res.json()).toEqual({
      data: { status: 'private', saved: false, orgNumber: null, vatRegistered: false, birthDateKnown: false },
    });
  });

  it('takes F-skatt with a valid organisation number or personal number and refuses a wrong check digit', async () => {
    const { cookie } = await signedIn('creator', { personalNumber: '19900101-0017' });
    const bad = await putProfile(cookie, { status: 'f_tax', orgNumber: '559012-3451', vatRegistered: true });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: { code: 'validation_failed', fields: { orgNumber: ['invalid_org_number'] } },
    });
    const unchanged = await t.app.request('/api/tax/profile', { headers: { Cookie: cookie } });
    expect(((await unchanged.json()) as { data: { saved: boolean } }).data.saved).toBe(false);

    const org = await putProfile(cookie, { status: 'f_tax', orgNumber: '5590123450', vatRegistered: true });
    expect(await org.json()).toEqual({
      data: { status: 'f_tax', saved: true, orgNumber: '559012-3450', vatRegistered: true, birthDateKnown: true },
    });
    const person = await putProfile(cookie, { status: 'f_tax', orgNumber: '199001010017', vatRegistered: false });
    expect(((await person.json()) as { data: { orgNumber: string } }).data.orgNumber).toBe('19900101-0017');
    const back = await putProfile(cookie, { status: 'private' });
    expect(await back.json()).toEqual({
      data: { status: 'private', saved: true, orgNumber: null, vatRegistered: false, birthDateKnown: true },
    });
  });

  it('is for creators only', async () => {
    const { cookie } = await signedIn('brand');
    expect((await putProfile(cookie, { status: 'private' })).status).toBe(403);
  });
});

describe('the payout breakdown and the split at acceptance', () => {
  it('shows a private person what a campaign would pay, and credits exactly that at acceptance', async () => {
    const creator = await signedIn('creator', { personalNumber: '19900101-0017' });
    await putProfile(creator.cookie, { status: 'private' });
    const brand = await signedIn('brand');
    const campaign = await createCampaign(t.db, brand.user.id, { payoutOre: 250_000, budgetOre: 2_500_000 });
    const res = await t.app.request(`/api/campaigns/${campaign.id}/payout-breakdown`, {
      headers: { Cookie: creator.cookie },
    });
    const breakdown = {
      status: 'private',
      payoutOre: 250_000,
      grossOre: 190_200,
      contributionsOre: 59_800,
      taxOre: 57_000,
      netOre: 133_200,
      vatOre: 0,
      catchUpContributionsOre: 0,
      contributionBasisPoints: 3142,
      taxBasisPoints: 3000,
      underThreshold: false,
      paidOn: today,
    };
    expect(await res.json()).toEqual({ data: breakdown });

    const claim = await createClaim(t.db, campaign, creator.user.id, { status: 'submitted' });
    await t.app.request(`/api/claims/${claim.id}/accept`, {
      method: 'POST',
      headers: jsonHeaders(brand.cookie),
      body: '{}',
    });
    expect(await entriesOf(claim.id)).toEqual({
      campaign_reserved: -250_000,
      creator_available: 133_200,
      platform_tax_withheld: 57_000,
      platform_employer_contributions: 59_800,
    });
    const list = await t.app.request('/api/tax/earnings', { headers: { Cookie: creator.cookie } });
    const [earning] = await t.db.select().from(creatorEarnings).where(eq(creatorEarnings.claimId, claim.id));
    expect(await list.json()).toEqual({
      data: [
        {
          id: earning?.id,
          claimId: claim.id,
          campaignTitle: campaign.title,
          status: 'private',
          payoutOre: 250_000,
          grossOre: 190_200,
          contributionsOre: 59_800,
          taxOre: 57_000,
          netOre: 133_200,
          vatOre: 0,
          contributionBasisPoints: 3142,
          taxBasisPoints: 3000,
          underThreshold: false,
          paidOn: today,
          period: today.slice(0, 7),
          selfBillingNumber: null,
        },
      ],
    });
  });

  it('pays a VAT-registered F-skatt creator the whole payout plus moms against a numbered self-billing invoice', async () => {
    const creator = await signedIn('creator');
    await putProfile(creator.cookie, { status: 'f_tax', orgNumber: '559012-3450', vatRegistered: true });
    const { claim } = await acceptClaim(creator.user.id, 100_000);
    expect(await entriesOf(claim.id)).toEqual({
      campaign_reserved: -100_000,
      creator_available: 125_000,
      platform_vat_input: -25_000,
    });
    const [earning] = await t.db.select().from(creatorEarnings).where(eq(creatorEarnings.claimId, claim.id));
    expect(earning?.selfBillingNumber).toMatch(/^S\d{4}$/);
    const res = await t.app.request(`/api/tax/earnings/${earning?.id}/self-billing.pdf`, {
      headers: { Cookie: creator.cookie },
    });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Självfaktura ${earning?.selfBillingNumber}`);
    expect(text).toContain('Org.nr: 559012-3450');
    expect(text).toContain('Momsreg.nr: SE559012345001');
    expect(text).toContain('Moms 25 %: 250,00 kr');
    expect(text).toContain('Att betala: 1 250,00 kr');
  });

  it('a change of status applies to claims accepted after it; earlier earnings keep theirs', async () => {
    const creator = await signedIn('creator');
    const first = await acceptClaim(creator.user.id, 200_000);
    await putProfile(creator.cookie, { status: 'f_tax', orgNumber: '559012-3450', vatRegistered: false });
    const second = await acceptClaim(creator.user.id, 200_000);
    const rows = await t.db
      .select({ claimId: creatorEarnings.claimId, status: creatorEarnings.status, netOre: creatorEarnings.netOre })
      .from(creatorEarnings)
      .where(inArray(creatorEarnings.claimId, [first.claim.id, second.claim.id]));
    expect(rows.sort((a, b) => (a.claimId === first.claim.id ? -1 : b.claimId === first.claim.id ? 1 : 0))).toEqual([
      { claimId: first.claim.id, status: 'private', netOre: 106_500 },
      { claimId: second.claim.id, status: 'f_tax', netOre: 200_000 },
    ]);
    expect(await available(creator.user.id)).toBe(306_500);
  });

  it('the earnings view lists what was credited: the net of a private person’s payout', async () => {
    const creator = await signedIn('creator');
    const { claim, campaign } = await acceptClaim(creator.user.id, 100_000);
    const res = await t.app.request('/api/earnings', { headers: { Cookie: creator.cookie } });
    const body = (await res.json()) as { data: { availableOre: number; entries: unknown[] } };
    expect(body.data.availableOre).toBe(53_200);
    expect(body.data.entries).toEqual([
      {
        id: claim.id,
        kind: 'earning',
        description: campaign.title,
        amountOre: 53_200,
        status: 'credited',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('a personal number typed after the status was saved sets the birth year used for the rate', async () => {
    const creator = await signedIn('creator');
    await putProfile(creator.cookie, { status: 'private' });
    await t.app.request(`/api/user/update/${creator.user.id}`, {
      method: 'POST',
      headers: jsonHeaders(creator.cookie),
      body: JSON.stringify({ personalNumber: '19580101-9281' }),
    });
    const brand = await signedIn('brand');
    const campaign = await createCampaign(t.db, brand.user.id, { payoutOre: 200_000, budgetOre: 2_000_000 });
    const res = await t.app.request(`/api/campaigns/${campaign.id}/payout-breakdown`, {
      headers: { Cookie: creator.cookie },
    });
    // Born 1958: 67 at the start of 2026, only the old-age pension fee.
    expect(await res.json()).toMatchObject({ data: { contributionBasisPoints: 1021, contributionsOre: 18_600 } });
  });

  it('shows the brand the creator’s tax status on the claim', async () => {
    const creator = await signedIn('creator');
    await putProfile(creator.cookie, { status: 'f_tax', orgNumber: '559012-3450', vatRegistered: false });
    const brand = await signedIn('brand');
    const campaign = await createCampaign(t.db, brand.user.id);
    const claim = await createClaim(t.db, campaign, creator.user.id);
    const res = await t.app.request(`/api/tax/claims/${claim.id}/status`, { headers: { Cookie: brand.cookie } });
    expect(await res.json()).toEqual({ data: { status: 'f_tax', saved: true } });
    const other = await signedIn('brand');
    const hidden = await t.app.request(`/api/tax/claims/${claim.id}/status`, { headers: { Cookie: other.cookie } });
    expect(hidden.status).toBe(404);
  });
});
