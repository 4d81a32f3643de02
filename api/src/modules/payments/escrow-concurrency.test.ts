import { campaigns } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balanceOf } from '../ledger/ledger.service.ts';

// Approvals race for a campaign's escrow: on PostgreSQL (DATABASE_URL) the 50 requests run on
// parallel connections; on PGlite they are serialised by the single connection.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ settings: { RATE_LIMIT_MULTIPLIER: '100' } });
});
afterAll(async () => {
  await t?.close();
});

async function race(slots: number, fundedSlots: number) {
  const brand = await createUser(t.db, { role: 'brand' });
  const campaign = await createCampaign(t.db, brand.id, {
    slots: fundedSlots,
    payoutOre: 100_000,
    budgetOre: fundedSlots * 100_000,
  });
  // More slots than were paid for (as if the money terms were bypassed): only escrow stops approvals.
  if (slots !== fundedSlots) {
    await t.db
      .update(campaigns)
      .set({ slots, budgetOre: slots * 100_000 })
      .where(eq(campaigns.id, campaign.id));
  }
  const claims = [];
  for (let i = 0; i < 50; i++) claims.push(await createClaim(t.db, campaign, (await createUser(t.db)).id));
  const cookie = await loginAs(t.db, brand);
  const answers = await Promise.all(
    claims.map((claim) =>
      t.app.request(`/api/claims/${claim.id}/approve`, { method: 'POST', headers: jsonHeaders(cookie), body: '{}' }),
    ),
  );
  const codes = await Promise.all(
    answers.map(async (res) =>
      res.status === 200 ? 'approved' : ((await res.json()) as { error: { code: string } }).error.code,
    ),
  );
  return { campaign, codes };
}

describe('50 parallel approvals against a campaign funded for 10 slots', () => {
  it('approve exactly 10 when the campaign has 10 slots', async () => {
    const { campaign, codes } = await race(10, 10);
    expect(codes.filter((code) => code === 'approved')).toHaveLength(10);
    expect(codes.filter((code) => code !== 'approved').every((code) => code === 'conflict')).toBe(true);
    expect(await balanceOf(t.db, campaign.id, 'campaign_escrow')).toBe(0);
    expect(await balanceOf(t.db, campaign.id, 'campaign_reserved')).toBe(1_000_000);
  });

  it('approve exactly 10 when it has 50 slots but escrow for 10: the rest are not_funded', async () => {
    const { campaign, codes } = await race(50, 10);
    expect(codes.filter((code) => code === 'approved')).toHaveLength(10);
    expect(codes.filter((code) => code === 'not_funded')).toHaveLength(40);
    expect(await balanceOf(t.db, campaign.id, 'campaign_escrow')).toBe(0);
    expect(await balanceOf(t.db, campaign.id, 'campaign_reserved')).toBe(1_000_000);
  });
});
