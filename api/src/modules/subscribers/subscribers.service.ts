import { createHmac } from 'node:crypto';
import { type Database, newId } from '@kollab/db';
import { campaigns, subscribers, users, withdrawals } from '@kollab/db/schema';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import type { SiteStats, SubscribeBody, SubscriptionStatus } from './subscribers.schemas.ts';

/** What the route needs to mail the subscriber; `mail` is null when the address got too many mails lately. */
export interface SubscribeOutcome {
  email: string;
  locale: 'sv' | 'en';
  mail:
    | { kind: 'confirm'; confirmToken: string; unsubscribeToken: string }
    | { kind: 'updated'; unsubscribeToken: string }
    | null;
}

/** At most this many subscribe mails per address and hour, so the form cannot flood someone's inbox. */
const MAILS_PER_ADDRESS = { limit: 5, windowSeconds: 3600 };

/**
 * The unsubscribe token is derived from the subscriber id with the server secret rather than drawn at
 * random: every mail, including later newsletters, can carry a working link although the database keeps
 * only the token's hash.
 */
export function unsubscribeTokenFor(secret: string, subscriberId: string): string {
  const mac = createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriberId}`).digest();
  return encodeBase32LowerCaseNoPadding(mac.subarray(0, 20));
}

function findSubscriberByEmail(db: Database, email: string) {
  return db.query.subscribers.findFirst({ where: eq(sql`lower(${subscribers.email})`, email.toLowerCase()) });
}

/**
 * Creates or updates the subscription for an address (compared without case). New, pending and
 * unsubscribed addresses get a fresh confirmation token (double opt-in); a confirmed one keeps its
 * confirmation and is told its details were updated.
 */
export async function subscribe(
  db: Database,
  input: SubscribeBody,
  options: { secret: string; now?: Date },
): Promise<SubscribeOutcome> {
  const now = options.now ?? new Date();
  const email = input.email.toLowerCase();
  const confirmToken = generateToken();
  const details = {
    instagramName: input.instagramName ?? null,
    tiktokName: input.tiktokName ?? null,
    categories: input.categories,
    consentVersion: input.consentVersion,
    consentedAt: now,
    locale: input.locale,
  };

  let existing = await findSubscriberByEmail(db, email);
  if (!existing) {
    const id = newId();
    const inserted = await db
      .insert(subscribers)
      .values({
        id,
        email,
        ...details,
        confirmTokenHash: hashToken(confirmToken),
        unsubscribeTokenHash: hashToken(unsubscribeTokenFor(options.secret, id)),
      })
      .onConflictDoNothing()
      .returning({ id: subscribers.id });
    if (inserted[0]) {
      return withMailLimit(db, email, input.locale, {
        kind: 'confirm',
        confirmToken,
        unsubscribeToken: unsubscribeTokenFor(options.secret, id),
      });
    }
    // Another request inserted the same address in between: update that row instead.
    existing = await findSubscriberByEmail(db, email);
    if (!existing) throw new Error('subscriber vanished during upsert');
  }

  const unsubscribeToken = unsubscribeTokenFor(options.secret, existing.id);
  const isActive = existing.confirmedAt !== null && existing.unsubscribedAt === null;
  await db
    .update(subscribers)
    .set({
      ...details,
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      ...(isActive ? {} : { confirmTokenHash: hashToken(confirmToken), confirmedAt: null, unsubscribedAt: null }),
      updatedAt: now,
    })
    .where(eq(subscribers.id, existing.id));
  return withMailLimit(
    db,
    email,
    input.locale,
    isActive ? { kind: 'updated', unsubscribeToken } : { kind: 'confirm', confirmToken, unsubscribeToken },
  );
}

async function withMailLimit(
  db: Database,
  email: string,
  locale: 'sv' | 'en',
  mail: NonNullable<SubscribeOutcome['mail']>,
): Promise<SubscribeOutcome> {
  const { allowed } = await consumeRateLimit(db, `subscribe-mail:${email}`, MAILS_PER_ADDRESS);
  return { email, locale, mail: allowed ? mail : null };
}

/**
 * Confirms the subscription whose confirmation token this is. The token works once.
 * @throws not_found for an unknown, used or forged token.
 */
export async function confirmSubscription(db: Database, token: string, now = new Date()): Promise<SubscriptionStatus> {
  const updated = await db
    .update(subscribers)
    .set({ confirmedAt: now, confirmTokenHash: null, updatedAt: now })
    .where(and(eq(subscribers.confirmTokenHash, hashToken(token)), isNull(subscribers.unsubscribedAt)))
    .returning({ id: subscribers.id });
  if (!updated[0]) throw new AppError('not_found', 'Confirmation link is invalid or already used');
  return { status: 'confirmed' };
}

/**
 * Ends the subscription and erases the profile details (handles, categories), as the privacy policy
 * promises; the address and the consent dates stay as proof of the opt-out. Using the link again
 * changes nothing and succeeds again.
 * @throws not_found for an unknown or forged token.
 */
export async function unsubscribe(db: Database, token: string, now = new Date()): Promise<SubscriptionStatus> {
  const row = await db.query.subscribers.findFirst({
    where: eq(subscribers.unsubscribeTokenHash, hashToken(token)),
    columns: { id: true, unsubscribedAt: true },
  });
  if (!row) throw new AppError('not_found', 'Unsubscribe link is invalid');
  if (!row.unsubscribedAt) {
    await db
      .update(subscribers)
      .set({
        unsubscribedAt: now,
        confirmTokenHash: null,
        instagramName: null,
        tiktokName: null,
        categories: [],
        updatedAt: now,
      })
      .where(eq(subscribers.id, row.id));
  }
  return { status: 'unsubscribed' };
}

/**
 * Public counts for the landing page: active creators and brands, campaigns that have gone live
 * (published or paused; drafts and cancelled ones do not count), the total of paid-out withdrawals,
 * and confirmed, still subscribed newsletter subscribers.
 */
export async function getSiteStats(db: Database): Promise<SiteStats> {
  const [creators, brands, live, paid, confirmed] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'creator'), isNull(users.suspendedAt))),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'brand'), isNull(users.suspendedAt))),
    db
      .select({ n: count() })
      .from(campaigns)
      .where(inArray(campaigns.status, ['published', 'paused'])),
    db
      .select({ total: sum(withdrawals.amountOre) })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'paid')),
    db
      .select({ n: count() })
      .from(subscribers)
      .where(and(isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt))),
  ]);
  return {
    creators: creators[0]?.n ?? 0,
    brands: brands[0]?.n ?? 0,
    campaigns: live[0]?.n ?? 0,
    paidOut: { amount: Number(paid[0]?.total ?? 0), currency: 'SEK' },
    subscribers: confirmed[0]?.n ?? 0,
  };
}
