import { createHmac } from 'node:crypto';
import type { SiteStats, SubscribeBody, SubscriptionStatus } from '@kollab/contract/api/subscribers';
import { type Database, newId } from '@kollab/db';
import {
  campaigns,
  subscriberChanges,
  subscriberConsentEvents,
  subscribers,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, gt, inArray, isNotNull, isNull, sql, sum } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

export type SubscriberDetails = Pick<SubscribeBody, 'instagramName' | 'tiktokName' | 'categories'>;

/** What the route needs to mail the subscriber; `mail` is null when the address got too many mails lately. */
export interface SubscribeOutcome {
  email: string;
  locale: 'sv' | 'en';
  mail:
    | { kind: 'confirm'; confirmToken: string; unsubscribeToken: string }
    | { kind: 'change'; changeToken: string; unsubscribeToken: string; details: SubscriberDetails }
    | null;
}

/** At most this many subscribe mails per address and hour, so the form cannot flood someone's inbox. */
const MAILS_PER_ADDRESS = { limit: 5, windowSeconds: 3600 };
const HOUR_MS = 60 * 60 * 1000;
/**
 * How long the link that confirms a new subscription works (ADR 021). It only confirms what the
 * mailbox's owner asked for, so a week leaves room for a newsletter mail read late; after that the
 * form is one step away.
 */
export const CONFIRM_LINK_LIFETIME_MS = 7 * 24 * HOUR_MS;
/** How long the link that confirms a change to a confirmed subscription works: it replaces stored details. */
export const CHANGE_LINK_LIFETIME_MS = 24 * HOUR_MS;

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
 * unsubscribed addresses get a fresh confirmation token (double opt-in). A confirmed subscription
 * is not changed: the new details are held as a pending change that the owner applies from a link
 * mailed to the address (expiring, single use). The caller answers the same in every case.
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
        confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS),
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
  if (existing.confirmedAt !== null && existing.unsubscribedAt === null) {
    return holdChange(db, existing, input, { now, unsubscribeToken });
  }
  await db
    .update(subscribers)
    .set({
      ...details,
      unsubscribeTokenHash: hashToken(unsubscribeToken),
      confirmTokenHash: hashToken(confirmToken),
      confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS),
      confirmedAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(eq(subscribers.id, existing.id));
  return withMailLimit(db, email, input.locale, { kind: 'confirm', confirmToken, unsubscribeToken });
}

/**
 * Keeps the new details of a confirmed subscription aside (replacing an earlier pending change and
 * its link) and returns the mail asking the owner to confirm, in the subscription's language. With
 * the address's mail allowance used up nothing is stored, so the owner's last link keeps working.
 */
async function holdChange(
  db: Database,
  existing: typeof subscribers.$inferSelect,
  input: SubscribeBody,
  { now, unsubscribeToken }: { now: Date; unsubscribeToken: string },
): Promise<SubscribeOutcome> {
  const { allowed } = await consumeRateLimit(db, `subscribe-mail:${existing.email.toLowerCase()}`, MAILS_PER_ADDRESS);
  if (!allowed) return { email: existing.email, locale: existing.locale, mail: null };
  const changeToken = generateToken();
  const change = {
    tokenHash: hashToken(changeToken),
    instagramName: input.instagramName ?? null,
    tiktokName: input.tiktokName ?? null,
    categories: input.categories,
    consentVersion: input.consentVersion,
    locale: input.locale,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + CHANGE_LINK_LIFETIME_MS),
  };
  await db
    .insert(subscriberChanges)
    .values({ subscriberId: existing.id, ...change })
    .onConflictDoUpdate({ target: subscriberChanges.subscriberId, set: change });
  const details = { instagramName: input.instagramName, tiktokName: input.tiktokName, categories: input.categories };
  return {
    email: existing.email,
    locale: existing.locale,
    mail: { kind: 'change', changeToken, unsubscribeToken, details },
  };
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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Appends to the subscriber's consent history. */
async function recordConsent(
  tx: Tx,
  subscriberId: string,
  event: Pick<
    typeof subscriberConsentEvents.$inferInsert,
    'kind' | 'consentVersion' | 'locale' | 'source' | 'statedAt'
  >,
  now: Date,
): Promise<void> {
  await tx.insert(subscriberConsentEvents).values({ subscriberId, ...event, createdAt: now });
}

/**
 * Confirms with a link from a mail: a new subscription (consent given), or a pending change to a
 * confirmed one (consent changed; its details replace the stored ones). Each link works once and only
 * until it expires; an expired one changes nothing (the pending change stays until replaced).
 * @throws not_found for an unknown, used, expired or forged token.
 */
export async function confirmSubscription(db: Database, token: string, now = new Date()): Promise<SubscriptionStatus> {
  const tokenHash = hashToken(token);
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscribers)
      .set({ confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, updatedAt: now })
      .where(
        and(
          eq(subscribers.confirmTokenHash, tokenHash),
          gt(subscribers.confirmTokenExpiresAt, now),
          isNull(subscribers.unsubscribedAt),
        ),
      )
      .returning();
    if (row) {
      const { consentVersion, locale, consentedAt: statedAt } = row;
      await recordConsent(
        tx,
        row.id,
        { kind: 'given', consentVersion, locale, source: 'subscribe_form', statedAt },
        now,
      );
      return true;
    }
    // Deleted as it is read, so a change link works once even when used twice at the same moment.
    const [change] = await tx
      .delete(subscriberChanges)
      .where(and(eq(subscriberChanges.tokenHash, tokenHash), gt(subscriberChanges.expiresAt, now)))
      .returning();
    if (!change) return false;
    const { subscriberId, tokenHash: _hash, expiresAt: _expires, requestedAt, ...details } = change;
    const [changed] = await tx
      .update(subscribers)
      .set({ ...details, consentedAt: requestedAt, updatedAt: now })
      .where(
        and(eq(subscribers.id, subscriberId), isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt)),
      )
      .returning({ id: subscribers.id });
    if (!changed) return false;
    const { consentVersion, locale } = details;
    await recordConsent(
      tx,
      subscriberId,
      { kind: 'changed', consentVersion, locale, source: 'subscribe_form', statedAt: requestedAt },
      now,
    );
    return true;
  });
  if (!confirmed) throw new AppError('not_found', 'Confirmation link is invalid, expired or already used');
  return { status: 'confirmed' };
}

/**
 * Ends the subscription and erases the profile details (handles, categories) and any pending change,
 * as the privacy policy promises; the address and the consent history stay as proof of the opt-out.
 * Using the link again changes nothing and succeeds again.
 * @throws not_found for an unknown or forged token.
 */
export async function unsubscribe(db: Database, token: string, now = new Date()): Promise<SubscriptionStatus> {
  const found = await db.query.subscribers.findFirst({
    where: eq(subscribers.unsubscribeTokenHash, hashToken(token)),
    columns: { id: true },
  });
  if (!found) throw new AppError('not_found', 'Unsubscribe link is invalid');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscribers)
      .set({
        unsubscribedAt: now,
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
        instagramName: null,
        tiktokName: null,
        categories: [],
        updatedAt: now,
      })
      .where(and(eq(subscribers.id, found.id), isNull(subscribers.unsubscribedAt)))
      .returning();
    if (!row) return;
    await tx.delete(subscriberChanges).where(eq(subscriberChanges.subscriberId, row.id));
    const { consentVersion, locale } = row;
    await recordConsent(
      tx,
      row.id,
      { kind: 'withdrawn', consentVersion, locale, source: 'unsubscribe_link', statedAt: now },
      now,
    );
  });
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
