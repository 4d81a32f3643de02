import type { Database } from '@kollab/db';
import { creditAcceptedClaim } from '../../api/src/modules/ledger/escrow.ts';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../api/test/support/factories.ts';

export interface Person {
  id: string;
  email: string;
  password: string;
  role: 'brand' | 'creator';
}

export interface Cast {
  brands: Person[];
  creators: Person[];
  /** Published, active campaigns the creators claim during the stream (few slots, so approvals compete for them). */
  campaigns: { id: string; brandId: string }[];
  /** The accepted claims seeded to give every creator a balance to withdraw from (they have no claim events). */
  seededClaimIds: string[];
}

export const WITHDRAWAL_ORE = 10_000;
const BRANDS = 2;
const CREATORS = 6;
const CAMPAIGNS_PER_BRAND = 40;
const SEEDED_EARNINGS = 4;

/**
 * Puts the people and campaigns of the crash test straight into a fresh database, before the server
 * first starts: that is set-up, not a write under test. Each creator gets a few accepted, credited
 * claims (the same ledger posting the API makes) so withdrawals have money to move from the start.
 */
export async function seedCast(db: Database): Promise<Cast> {
  const password = 'kraschtest-lösenord-2026';
  const person = async (role: Person['role'], n: number): Promise<Person> => {
    const email = `crash-${role}-${n}@example.se`;
    const user = await createUser(db, { role, email, password, fullName: `Krasch ${role} ${n}` });
    if (role === 'brand') await createBrandProfile(db, user.id, { companyName: `Kraschbolaget ${n} AB` });
    return { id: user.id, email, password, role };
  };
  const brands: Person[] = [];
  for (let n = 1; n <= BRANDS; n++) brands.push(await person('brand', n));
  const creators: Person[] = [];
  for (let n = 1; n <= CREATORS; n++) creators.push(await person('creator', n));

  const campaigns: Cast['campaigns'] = [];
  for (const brand of brands) {
    for (let n = 0; n < CAMPAIGNS_PER_BRAND; n++) {
      const campaign = await createCampaign(db, brand.id, { slots: 3, budgetOre: 750_000, maxRevisions: 1 });
      campaigns.push({ id: campaign.id, brandId: brand.id });
    }
  }
  const seededClaimIds: string[] = [];
  for (let n = 0; n < SEEDED_EARNINGS; n++) {
    const bank = await createCampaign(db, brands[n % BRANDS]?.id ?? '', { slots: CREATORS });
    for (const creator of creators) {
      const claim = await createClaim(db, bank, creator.id, { status: 'accepted', acceptedAt: new Date() });
      await db.transaction((tx) => creditAcceptedClaim(tx, claim));
      seededClaimIds.push(claim.id);
    }
  }
  return { brands, creators, campaigns, seededClaimIds };
}
