import type {
  AdminBrand,
  AdminBrandsQuery,
  AdminCreator,
  AdminCreatorsQuery,
  AdminUser,
  AdminUsersQuery,
} from '@kollab/contract/api/admin';
import type { Database } from '@kollab/db';
import { brandProfiles, campaigns, creatorProfiles, identityVerifications, type User, users } from '@kollab/db/schema';
import { and, arrayContains, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { tierFor } from '../../lib/matching.ts';
import {
  type CsvColumn,
  containsPattern,
  inPage,
  type ListSort,
  type ProfileBranches,
  pageOf,
  profilePageOf,
  type Window,
} from './list-query.ts';

export function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    locale: user.locale,
    emailVerified: user.emailVerifiedAt !== null,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function suspendedFilter(value: 'yes' | 'no' | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  return value === 'yes' ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt);
}

function nameOrEmail(pattern: string): SQL | undefined {
  return or(ilike(users.fullName, pattern), ilike(users.email, pattern));
}

const USER_SORT = { createdAt: users.createdAt, email: users.email, fullName: users.fullName } as const;

export async function listUsers(db: Database, query: AdminUsersQuery, window: Window) {
  const where = and(
    query.q ? nameOrEmail(containsPattern(query.q)) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    suspendedFilter(query.suspended),
  );
  const sort = { field: query.sort, column: USER_SORT[query.sort], order: query.order, id: users.id };
  const ids = (after?: SQL) => db.select({ id: users.id }).from(users).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: !query.q });
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, sortKey: page.sortKey })
      .from(users)
      .where(inArray(users.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const nextCursor = page.nextCursor(rows.map(({ user, sortKey }) => ({ id: user.id, sortKey })));
  return { data: rows.map(({ user }) => toAdminUser(user)), ...total, nextCursor };
}

/**
 * One page of the brands or creators list and its total. The profile is joined only when the
 * conditions read it (`readsProfile`): then the (role, sort column) indexes on users serve the page
 * and the count alone (issue 21, a million rows). The statistics know the role and the suspended
 * filter, not a search (countOrEstimate), so only an unsearched list is estimated first. Sorted by
 * a profile column (`byProfile`: a company name, followers) the page walks the profile's
 * (column, user_id) index (profilePageOf).
 */
function rolePage(
  db: Database,
  profile: typeof brandProfiles | typeof creatorProfiles,
  where: SQL | undefined,
  sort: ListSort,
  window: Window,
  options: { readsProfile: boolean; searched: boolean; byProfile: boolean },
) {
  const withProfile = eq(profile.userId, users.id);
  const matching = (after?: SQL) => {
    const from = db.select({ id: users.id }).from(users).$dynamic();
    return (options.readsProfile ? from.leftJoin(profile, withProfile) : from).where(and(where, after));
  };
  const totals = { estimateFirst: !options.searched };
  if (!options.byProfile) return pageOf(db, matching, sort, window, totals);
  const branches: ProfileBranches = {
    valued: (condition) =>
      db
        .select({ id: profile.userId })
        .from(profile)
        .innerJoin(users, withProfile)
        .where(and(where, condition))
        .$dynamic(),
    profileId: profile.userId,
    empty: (condition, joined) =>
      db
        .select({ id: users.id })
        .from(users)
        .leftJoin(profile, and(withProfile, joined))
        .where(and(where, condition))
        .$dynamic(),
  };
  return profilePageOf(db, matching, sort, window, branches, totals);
}

const BRAND_SORT = { ...USER_SORT, companyName: brandProfiles.companyName } as const;

export async function listBrands(db: Database, query: AdminBrandsQuery, window: Window) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    eq(users.role, 'brand'),
    pattern ? or(nameOrEmail(pattern), ilike(brandProfiles.companyName, pattern)) : undefined,
    suspendedFilter(query.suspended),
  );
  const campaignCount = sql<number>`(select count(*)::int from ${campaigns} where ${campaigns.brandId} = ${users.id})`;
  const sort = { field: query.sort, column: BRAND_SORT[query.sort], order: query.order, id: users.id };
  const page = rolePage(db, brandProfiles, where, sort, window, {
    readsProfile: pattern !== null,
    searched: pattern !== null,
    byProfile: query.sort === 'companyName',
  });
  const [rows, total] = await Promise.all([
    db
      .select({ user: users, profile: brandProfiles, campaigns: campaignCount, sortKey: page.sortKey })
      .from(users)
      .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
      .where(await inPage(users.id, page))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminBrand[] = rows.map(({ user, profile, campaigns }) => ({
    ...toAdminUser(user),
    companyName: profile?.companyName ?? null,
    orgNumber: profile?.orgNumber ?? null,
    website: profile?.website ?? null,
    instagramHandle: profile?.instagramHandle ?? null,
    instagramFollowers: profile?.instagramFollowers ?? null,
    campaigns: Number(campaigns),
  }));
  const nextCursor = page.nextCursor(rows.map(({ user, sortKey }) => ({ id: user.id, sortKey })));
  return { data, ...total, nextCursor };
}

const CREATOR_SORT = {
  ...USER_SORT,
  instagramFollowers: creatorProfiles.instagramFollowers,
  tiktokFollowers: creatorProfiles.tiktokFollowers,
} as const;

/** The tier on the platform (with a handle) where the creator has the most followers. */
function creatorTier(profile: typeof creatorProfiles.$inferSelect | null): AdminCreator['tier'] {
  if (!profile) return null;
  const followers = [
    profile.instagramHandle ? profile.instagramFollowers : null,
    profile.tiktokHandle ? profile.tiktokFollowers : null,
  ].filter((value): value is number => value !== null);
  return followers.length ? tierFor(Math.max(...followers)) : null;
}

export async function listCreators(db: Database, query: AdminCreatorsQuery, window: Window) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    eq(users.role, 'creator'),
    pattern
      ? or(
          nameOrEmail(pattern),
          ilike(creatorProfiles.instagramHandle, pattern),
          ilike(creatorProfiles.tiktokHandle, pattern),
        )
      : undefined,
    query.category ? arrayContains(creatorProfiles.categories, [query.category]) : undefined,
    suspendedFilter(query.suspended),
  );
  const sort = { field: query.sort, column: CREATOR_SORT[query.sort], order: query.order, id: users.id };
  // By followers the page walks the profiles' (followers, user_id) index, which carries the
  // categories for the category filter.
  const page = rolePage(db, creatorProfiles, where, sort, window, {
    readsProfile: pattern !== null || Boolean(query.category),
    searched: pattern !== null,
    byProfile: !(query.sort in USER_SORT),
  });
  const [rows, total] = await Promise.all([
    db
      .select({
        user: users,
        profile: creatorProfiles,
        verifiedAt: identityVerifications.verifiedAt,
        sortKey: page.sortKey,
      })
      .from(users)
      .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
      .leftJoin(identityVerifications, eq(identityVerifications.userId, users.id))
      .where(await inPage(users.id, page))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminCreator[] = rows.map(({ user, profile, verifiedAt }) => ({
    ...toAdminUser(user),
    categories: profile?.categories ?? [],
    instagramHandle: profile?.instagramHandle ?? null,
    instagramFollowers: profile?.instagramFollowers ?? null,
    tiktokHandle: profile?.tiktokHandle ?? null,
    tiktokFollowers: profile?.tiktokFollowers ?? null,
    tier: creatorTier(profile),
    identityVerifiedAt: verifiedAt?.toISOString() ?? null,
  }));
  const nextCursor = page.nextCursor(rows.map(({ user, sortKey }) => ({ id: user.id, sortKey })));
  return { data, ...total, nextCursor };
}

const USER_CSV: CsvColumn<AdminUser>[] = [
  ['id', (row) => row.id],
  ['email', (row) => row.email],
  ['full_name', (row) => row.fullName],
  ['role', (row) => row.role],
  ['locale', (row) => row.locale],
  ['email_verified', (row) => (row.emailVerified ? 'yes' : 'no')],
  ['suspended_at', (row) => row.suspendedAt],
  ['created_at', (row) => row.createdAt],
];
export const USERS_CSV = USER_CSV;
export const BRANDS_CSV: CsvColumn<AdminBrand>[] = [
  ...USER_CSV,
  ['company_name', (row) => row.companyName],
  ['org_number', (row) => row.orgNumber],
  ['website', (row) => row.website],
  ['instagram_handle', (row) => row.instagramHandle],
  ['instagram_followers', (row) => row.instagramFollowers],
  ['campaigns', (row) => row.campaigns],
];
export const CREATORS_CSV: CsvColumn<AdminCreator>[] = [
  ...USER_CSV,
  ['categories', (row) => row.categories.join(' ')],
  ['instagram_handle', (row) => row.instagramHandle],
  ['instagram_followers', (row) => row.instagramFollowers],
  ['tiktok_handle', (row) => row.tiktokHandle],
  ['tiktok_followers', (row) => row.tiktokFollowers],
  ['tier', (row) => row.tier],
];
