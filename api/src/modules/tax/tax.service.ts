import type {
  CreatorEarningView,
  PayoutBreakdown,
  TaxProfileView,
  UpdateTaxProfileBody,
  YearlyStatement,
} from '@kollab/contract/api/tax';
import { parseBusinessNumber } from '@kollab/contract/api/tax';
import { parsePersonalNumber } from '@kollab/contract/personal-number';
import type { Database } from '@kollab/db';
import {
  type CreatorEarning,
  campaigns,
  claims,
  creatorEarnings,
  creatorTaxProfiles,
  type User,
} from '@kollab/db/schema';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { breakdownFor } from './earnings.service.ts';
import { birthYearOf, taxProfileOf, taxRulesOn } from './rules.ts';

/** The birth date of the creator's typed personal number, if one is on file. */
function typedBirthDate(secrets: Secrets, creator: User): string | null {
  if (!creator.personalNumberEncrypted) return null;
  const parsed = parsePersonalNumber(decrypt(secrets.encryptionKey, creator.personalNumberEncrypted));
  return parsed.ok ? parsed.value.birthDate : null;
}

/**
 * Keeps a saved profile's birth date in step with the typed personal number (it may have been
 * typed after the status was saved). Acceptance cannot decrypt it, so it reads the profile's.
 */
async function syncBirthDate(db: Database, secrets: Secrets, creator: User): Promise<void> {
  const birthDate = typedBirthDate(secrets, creator);
  if (birthDate === null) return;
  await db
    .update(creatorTaxProfiles)
    .set({ birthDate })
    .where(
      and(
        eq(creatorTaxProfiles.userId, creator.id),
        sql`${creatorTaxProfiles.birthDate} is distinct from ${birthDate}`,
      ),
    );
}

export async function getTaxProfile(db: Database, secrets: Secrets, creator: User): Promise<TaxProfileView> {
  await syncBirthDate(db, secrets, creator);
  const profile = await taxProfileOf(db, creator.id);
  return {
    status: profile.status,
    saved: profile.saved,
    orgNumber: profile.orgNumber,
    vatRegistered: profile.vatRegistered,
    birthDateKnown: (await birthYearOf(db, creator.id, profile.birthDate)) !== null,
  };
}

/**
 * Saves the creator's tax status; it applies to claims accepted from now on (earnings already
 * computed keep theirs). The birth date of the personal number on file is kept with it: it
 * decides the contribution rate of a private person.
 */
export async function saveTaxProfile(
  db: Database,
  secrets: Secrets,
  creator: User,
  body: UpdateTaxProfileBody,
): Promise<TaxProfileView> {
  const values = {
    status: body.status,
    orgNumber: null as string | null,
    vatRegistered: false,
    birthDate: typedBirthDate(secrets, creator),
    updatedAt: new Date(),
  };
  if (body.status === 'f_tax') {
    const number = parseBusinessNumber(body.orgNumber);
    if (!number.ok) throw AppError.validation({ orgNumber: ['invalid_org_number'] });
    values.orgNumber = number.value;
    values.vatRegistered = body.vatRegistered;
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(creatorTaxProfiles)
      .values({ userId: creator.id, ...values })
      .onConflictDoUpdate({ target: creatorTaxProfiles.userId, set: values });
    await recordAudit(tx, creator, 'tax_profile.saved', { type: 'user', id: creator.id }, { status: body.status });
  });
  return getTaxProfile(db, secrets, creator);
}

/**
 * The creator's tax status as the claim's brand sees it (a chip on the claim): the brand of the
 * claim's campaign, the creator and admins only; anyone else gets not_found.
 */
export async function claimTaxStatus(db: Database, viewer: User, claimId: string) {
  const [row] = await db
    .select({ creatorId: claims.creatorId, brandId: campaigns.brandId })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(eq(claims.id, claimId));
  const allowed = row && (viewer.role === 'admin' || viewer.id === row.creatorId || viewer.id === row.brandId);
  if (!row || !allowed) throw new AppError('not_found', 'Claim not found');
  const profile = await taxProfileOf(db, row.creatorId);
  return { status: profile.status, saved: profile.saved };
}

/** The split of a campaign's payout for the signed-in creator, were it accepted today. */
export async function campaignBreakdown(
  db: Database,
  secrets: Secrets,
  creator: User,
  campaignId: string,
): Promise<PayoutBreakdown> {
  await syncBirthDate(db, secrets, creator);
  const [campaign] = await db
    .select({ payoutOre: campaigns.payoutOre, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign || campaign.status === 'draft') throw new AppError('not_found', 'Campaign not found');
  const {
    birthYear: _birthYear,
    cappedGrossOre: _capped,
    ...split
  } = await breakdownFor(db, creator.id, campaign.payoutOre);
  return split;
}

export function toEarningView(row: CreatorEarning): CreatorEarningView {
  return {
    id: row.id,
    claimId: row.claimId,
    campaignTitle: row.campaignTitle,
    status: row.status,
    payoutOre: row.payoutOre,
    grossOre: row.grossOre,
    contributionsOre: row.contributionsOre,
    taxOre: row.taxOre,
    netOre: row.netOre,
    vatOre: row.vatOre,
    contributionBasisPoints: row.contributionBasisPoints,
    taxBasisPoints: row.taxBasisPoints,
    underThreshold: row.underThreshold,
    paidOn: row.paidOn,
    period: row.period,
    selfBillingNumber: row.selfBillingNumber,
  };
}

export async function listEarnings(db: Database, creatorId: string): Promise<CreatorEarningView[]> {
  const rows = await db
    .select()
    .from(creatorEarnings)
    .where(eq(creatorEarnings.creatorId, creatorId))
    .orderBy(desc(creatorEarnings.paidOn), desc(creatorEarnings.createdAt));
  return rows.map(toEarningView);
}

/**
 * A creator's year: paid, withheld and reported per month. Reported figures follow the employer
 * report (whole kronor, private-person pay only, pay under the threshold only once the year's pay
 * reached it).
 */
export async function yearlyStatement(db: Database, creatorId: string, year: number): Promise<YearlyStatement> {
  const rows = await db
    .select()
    .from(creatorEarnings)
    .where(and(eq(creatorEarnings.creatorId, creatorId), like(creatorEarnings.period, `${year}-%`)));
  const { yearlyThresholdOre } = rows.length ? await taxRulesOn(db, `${year}-12-31`) : { yearlyThresholdOre: 0 };
  const privateGross = rows.filter((row) => row.status === 'private').reduce((sum, row) => sum + row.grossOre, 0);
  const reached = privateGross >= yearlyThresholdOre;
  const months = new Map<string, YearlyStatement['months'][number]>();
  for (const row of [...rows].sort((a, b) => a.period.localeCompare(b.period))) {
    const month = months.get(row.period) ?? {
      period: row.period,
      grossOre: 0,
      contributionsOre: 0,
      taxOre: 0,
      netOre: 0,
      reportedGrossKr: 0,
      reportedTaxKr: 0,
    };
    month.grossOre += row.grossOre;
    month.contributionsOre += row.contributionsOre;
    month.taxOre += row.taxOre;
    month.netOre += row.netOre + row.vatOre;
    months.set(row.period, month);
  }
  for (const month of months.values()) {
    const reported = rows.filter(
      (row) => row.period === month.period && row.status === 'private' && (reached || !row.underThreshold),
    );
    month.reportedGrossKr = Math.floor(reported.reduce((sum, row) => sum + row.grossOre, 0) / 100);
    month.reportedTaxKr = Math.floor(reported.reduce((sum, row) => sum + row.taxOre, 0) / 100);
  }
  const list = [...months.values()];
  const sum = (key: Exclude<keyof YearlyStatement['totals'], never>) =>
    list.reduce((total, month) => total + month[key], 0);
  return {
    year,
    months: list,
    totals: {
      grossOre: sum('grossOre'),
      contributionsOre: sum('contributionsOre'),
      taxOre: sum('taxOre'),
      netOre: sum('netOre'),
      reportedGrossKr: sum('reportedGrossKr'),
      reportedTaxKr: sum('reportedTaxKr'),
    },
  };
}
