import {
  BrandRatingBodySchema,
  type ClaimRatings,
  CreatorRatingBodySchema,
  type RatingSummary,
  type RatingView,
} from '@kollab/contract/api/ratings';
import { RATING_WINDOW_DAYS } from '@kollab/contract/ratings';
import type { Database } from '@kollab/db';
import { campaigns, claims, type Rating, ratings, type User } from '@kollab/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, fieldErrorsFromZod } from '../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type Side = Rating['side'];

interface RatedClaim {
  id: string;
  status: string;
  acceptedAt: Date | null;
  creatorId: string;
  brandId: string;
}

/**
 * The claim and the actor's side of it. Only its creator and its campaign's brand rate or read its
 * ratings; anyone else (admins too) gets not_found, as for another tenant's claim.
 */
async function partyOf(db: Database, actor: User, claimId: string): Promise<{ claim: RatedClaim; side: Side }> {
  const [claim] = await db
    .select({
      id: claims.id,
      status: claims.status,
      acceptedAt: claims.acceptedAt,
      creatorId: claims.creatorId,
      brandId: campaigns.brandId,
    })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(eq(claims.id, claimId));
  if (claim && actor.role === 'creator' && claim.creatorId === actor.id) return { claim, side: 'creator' };
  if (claim && actor.role === 'brand' && claim.brandId === actor.id) return { claim, side: 'brand' };
  throw new AppError('not_found', 'Claim not found');
}

const closesAt = (claim: RatedClaim) =>
  claim.status === 'accepted' && claim.acceptedAt
    ? new Date(claim.acceptedAt.getTime() + RATING_WINDOW_DAYS * DAY_MS)
    : null;

function toView(row: Rating): RatingView {
  const scores =
    row.side === 'brand'
      ? { delivery: row.delivery ?? 0, quality: row.quality ?? 0 }
      : { brief: row.brief ?? 0, communication: row.communication ?? 0, payment: row.payment ?? 0 };
  return { by: row.side, scores, comment: row.comment, createdAt: row.createdAt.toISOString() };
}

/** Both sides' ratings of a claim as the actor may see them: the other's only once both rated or the window closed. */
export async function getClaimRatings(
  db: Database,
  actor: User,
  claimId: string,
  now = new Date(),
): Promise<ClaimRatings> {
  const { claim, side } = await partyOf(db, actor, claimId);
  const rows = await db.select().from(ratings).where(eq(ratings.claimId, claimId));
  const mine = rows.find((row) => row.side === side) ?? null;
  const theirs = rows.find((row) => row.side !== side) ?? null;
  const closes = closesAt(claim);
  const closed = closes !== null && closes <= now;
  const revealed = (mine !== null && theirs !== null) || closed;
  return {
    closesAt: closes?.toISOString() ?? null,
    canRate: closes !== null && !closed && mine === null,
    revealed,
    mine: mine && toView(mine),
    theirs: revealed && theirs ? toView(theirs) : null,
    theyRated: theirs !== null,
  };
}

/**
 * Records the actor's rating of the other side of an accepted claim, once, within the window.
 * @throws not_found, validation_failed (the other side's criteria, a score outside 1–5), conflict
 * (not accepted, window closed, already rated)
 */
export async function rateClaim(
  db: Database,
  actor: User,
  claimId: string,
  body: unknown,
  now = new Date(),
): Promise<ClaimRatings> {
  const { claim, side } = await partyOf(db, actor, claimId);
  const parsed = (side === 'brand' ? BrandRatingBodySchema : CreatorRatingBodySchema).safeParse(body);
  if (!parsed.success) throw AppError.validation(fieldErrorsFromZod(parsed.error), 'Invalid rating');
  const closes = closesAt(claim);
  if (!closes) throw new AppError('conflict', 'Only an accepted claim can be rated');
  if (closes <= now) throw new AppError('conflict', `Rating closed on ${closes.toISOString()}`);
  const { comment, ...scores } = parsed.data;
  const [created] = await db
    .insert(ratings)
    .values({
      claimId,
      side,
      raterId: actor.id,
      subjectId: side === 'brand' ? claim.creatorId : claim.brandId,
      ...scores,
      comment: comment || null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: ratings.id });
  if (!created) throw new AppError('conflict', 'This claim is already rated');
  return getClaimRatings(db, actor, claimId, now);
}

/** The SQL condition under which a rating is shown to its subject: both sides rated, or the window closed. */
function visible(now: Date) {
  const closedBefore = new Date(now.getTime() - RATING_WINDOW_DAYS * DAY_MS);
  return sql`(${claims.acceptedAt} <= ${closedBefore.toISOString()}
    or exists (select 1 from ratings as other where other.claim_id = ${ratings.claimId} and other.side <> ${ratings.side}))`;
}

/**
 * A person's ratings for their data export: every one they gave, and those about them that they
 * can see (a hidden one stays hidden until the other side rates or the window closes).
 */
export async function ratingsForExport(db: Database, userId: string, now = new Date()) {
  const [given, received] = await Promise.all([
    db.select().from(ratings).where(eq(ratings.raterId, userId)).orderBy(ratings.createdAt),
    db
      .select({ rating: ratings })
      .from(ratings)
      .innerJoin(claims, eq(claims.id, ratings.claimId))
      .where(and(eq(ratings.subjectId, userId), visible(now)))
      .orderBy(ratings.createdAt),
  ]);
  const shape = (row: Rating) => ({ claimId: row.claimId, ...toView(row) });
  return { given: given.map(shape), received: received.map(({ rating }) => shape(rating)) };
}

/**
 * Averages over the ratings others can see (both sides rated, or the window closed), per person:
 * each rating counts as the mean of its criteria; one decimal. `delivery` is the creators' "on time"
 * score that matching ranks by.
 */
export async function ratingSummaries(db: Database, userIds: string[], now = new Date()): Promise<RatingSummary[]> {
  const rows = await db
    .select({
      userId: ratings.subjectId,
      count: sql<number>`count(*)::int`,
      average: sql<string>`avg(case when ${ratings.side} = 'brand'
        then (${ratings.delivery} + ${ratings.quality}) / 2.0
        else (${ratings.brief} + ${ratings.communication} + ${ratings.payment}) / 3.0 end)`,
      delivery: sql<string | null>`avg(${ratings.delivery})`,
    })
    .from(ratings)
    .innerJoin(claims, eq(claims.id, ratings.claimId))
    .where(
      // One array parameter, not one per id: matching asks for every creator (100,000 at scale) and a
      // statement takes at most 65,535 parameters.
      and(sql`${ratings.subjectId} = any(${sql.param(userIds)}::text[])`, visible(now)),
    )
    .groupBy(ratings.subjectId);
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  const oneDecimal = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return userIds.map((userId) => {
    const row = byUser.get(userId);
    return {
      userId,
      count: row?.count ?? 0,
      average: oneDecimal(row?.average),
      delivery: oneDecimal(row?.delivery),
    };
  });
}

/** The creators' visible "delivery on time" averages, for matching (creators without one are left out). */
export async function deliveryScores(
  db: Database,
  creatorIds: string[],
  now = new Date(),
): Promise<Map<string, number>> {
  if (creatorIds.length === 0) return new Map();
  const summaries = await ratingSummaries(db, creatorIds, now);
  return new Map(
    summaries.flatMap((summary) => (summary.delivery === null ? [] : [[summary.userId, summary.delivery] as const])),
  );
}
