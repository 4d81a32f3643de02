import { type Database, queryRows } from '@kollab/db';
import { sessions, type User, users } from '@kollab/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { createSession } from '../../src/modules/auth/session.ts';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createInvitation,
  createUser,
  creditCreator,
} from '../support/factories.ts';
import type { TestApp } from '../support/test-app.ts';
import { knownBodies } from './known-bodies.ts';
import type { ValuePool } from './schema-values.ts';

/** The signed-in roles the fuzzer sends requests as. */
export type ActorRole = 'creator' | 'brand' | 'admin';

export interface FuzzWorld {
  pool: ValuePool;
  actors: Record<ActorRole, User>;
  /** Current session cookie values per actor (renewed by `restoreActors`). */
  tokens: Record<ActorRole, string>;
  /** Tokens of sessions that have expired (each is deleted by the API on first use). */
  expiredTokens: string[];
  /** A session of a suspended user (deleted by the API on first use). */
  suspendedToken: string;
}

const PASSWORD = 'Fuzz-passw0rd-for-kollab!';
/** Any 32 characters of the token alphabet: the API only compares the cookie with the form field. */
const CSRF_TOKEN = 'fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz';
const DAY_MS = 86_400_000;

async function call(t: TestApp, method: string, path: string, cookie: string, body?: unknown, headers = {}) {
  const res = await t.app.request(path, {
    method,
    headers: {
      Origin: 'http://localhost:3000',
      Cookie: cookie,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`seeding: ${method} ${path} answered ${res.status} ${text}`);
  return JSON.parse(text || '{}') as { data?: { id?: string | number } & Record<string, unknown> };
}

/**
 * A small but complete world for the fuzzer to point ids at: an admin; a brand with a profile and
 * published, claimable, draft, paused and upcoming campaigns, with other creators' pending and
 * submitted claims; a second brand with its own campaigns; a creator with a pending claim, a
 * submitted one, an approved one still to submit, invitations, a conversation, earnings, a Swish
 * account and requested withdrawals; a subscriber and deletion requests; expired and suspended
 * sessions. Built through the API where a flow exists, so every row is consistent.
 */
export async function seedWorld(t: TestApp): Promise<FuzzWorld> {
  const { db } = t;
  const admin = await createUser(db, { role: 'admin', password: PASSWORD, email: 'fuzz-admin@example.se' });
  const brand = await createUser(db, { role: 'brand', password: PASSWORD, email: 'fuzz-brand@example.se' });
  const creator = await createUser(db, { role: 'creator', password: PASSWORD, email: 'fuzz-creator@example.se' });
  const otherBrand = await createUser(db, { role: 'brand', email: 'fuzz-other-brand@example.se' });
  const otherCreators = [
    await createUser(db, { role: 'creator', email: 'fuzz-creator-2@example.se' }),
    await createUser(db, { role: 'creator', email: 'fuzz-creator-3@example.se' }),
    await createUser(db, { role: 'creator', email: 'fuzz-creator-4@example.se' }),
  ];
  const unverified = await createUser(db, { role: 'creator', verified: false, email: 'fuzz-unverified@example.se' });
  const suspended = await createUser(db, { role: 'creator', email: 'fuzz-suspended@example.se' });
  await createBrandProfile(db, brand.id, { companyName: 'Fuzz AB' });
  await createBrandProfile(db, otherBrand.id, { companyName: 'Other Fuzz AB' });

  const published = await createCampaign(db, brand.id);
  const claimable = await createCampaign(db, brand.id);
  const draft = await createCampaign(db, brand.id, { status: 'draft' });
  const paused = await createCampaign(db, brand.id, { status: 'paused' });
  const upcoming = await createCampaign(db, brand.id, { startsAt: new Date(Date.now() + 5 * DAY_MS) });
  const foreign = await createCampaign(db, otherBrand.id);
  const foreign2 = await createCampaign(db, otherBrand.id);

  const cookieOf = async (user: User) => `kollab_session=${(await createSession(db, user.id)).token}`;
  const creatorCookie = await cookieOf(creator);
  const submit = async (claimId: string, cookie: string) =>
    call(t, 'POST', `/api/claims/${claimId}/submit`, cookie, {
      url: 'https://www.instagram.com/reel/C9xYz12AbCd/',
      adLabelConfirmed: true,
    });

  // The creator: a pending claim, one approved and submitted, one approved to submit, invitations.
  const pending = await createClaim(db, published, creator.id);
  const submittedOwn = await createClaim(db, foreign, creator.id, { status: 'approved' });
  await submit(submittedOwn.id, creatorCookie);
  const toSubmit = await createClaim(db, foreign2, creator.id, { status: 'approved' });
  const invitations = [
    await createInvitation(db, upcoming.id, creator.id),
    await createInvitation(db, claimable.id, creator.id),
  ];
  // Other creators' claims on the brand's campaign: pending ones to approve or reject, submitted
  // ones to accept or send back.
  const brandClaims: string[] = [];
  for (const other of otherCreators) {
    brandClaims.push((await createClaim(db, claimable, other.id)).id);
    const approved = await createClaim(db, published, other.id, { status: 'approved' });
    await submit(approved.id, await cookieOf(other));
    brandClaims.push(approved.id);
  }
  const message = await call(t, 'POST', `/api/conversations/${pending.id}/messages`, creatorCookie, {
    body: 'Hej! Jag har en fråga om kampanjen.',
  });

  await creditCreator(db, { id: `fuzz-seed-claim-${creator.id}`, creatorId: creator.id, payoutOre: 500_000 });
  const method = await call(t, 'POST', '/api/user/payment-methods/add', creatorCookie, {
    type: 'swish',
    number: '070-123 45 67',
  });
  const withdrawals: string[] = [];
  for (const amountOre of [20_000, 15_000, 12_000]) {
    const withdrawal = await call(
      t,
      'POST',
      '/api/withdrawals',
      creatorCookie,
      { amountOre, paymentMethodId: method.data?.id },
      { 'Idempotency-Key': `fuzz-seed-withdrawal-${amountOre}` },
    );
    withdrawals.push(String(withdrawal.data?.id));
  }

  await call(t, 'POST', '/api/subscribers', '', {
    email: 'fuzz-subscriber@example.se',
    marketingConsent: true,
    consentVersion: '2026-11-01',
    instagramName: 'fuzz.subscriber',
    categories: ['food'],
  });
  await call(t, 'POST', '/api/deletion-requests', '', { email: 'fuzz-public-deletion@example.se' });
  // The subscription is stored after the answer (ADR 019).
  await t.settle();
  await call(t, 'POST', '/api/account/deletion-request', await cookieOf(unverified));

  const expiredTokens: string[] = [];
  for (let i = 0; i < 40; i += 1) {
    const { token, session } = await createSession(db, otherCreators[0]?.id ?? creator.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(sessions.id, session.id));
    expiredTokens.push(token);
  }
  const suspendedToken = (await createSession(db, suspended.id)).token;
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));

  const subscriberIds = await idsOf(db, 'subscribers');
  const deletionIds = await idsOf(db, 'deletion_requests');
  const creatorIds = [
    creator.id,
    claimable.id,
    pending.id,
    submittedOwn.id,
    toSubmit.id,
    ...invitations.map((invitation) => invitation.id),
    String(method.data?.id),
    ...withdrawals,
  ];
  const brandIds = [brand.id, published.id, claimable.id, draft.id, paused.id, upcoming.id, pending.id, ...brandClaims];
  const adminIds = [
    admin.id,
    unverified.id,
    otherBrand.id,
    ...otherCreators.map((user) => user.id),
    ...withdrawals,
    ...subscriberIds,
    ...deletionIds,
    ...brandClaims,
    toSubmit.id,
  ];
  const actors = { creator, brand, admin };
  const world: FuzzWorld = {
    pool: {
      // In the order they were made, so a seed picks the same rows on every run.
      ids: [
        ...[admin, brand, creator, otherBrand, ...otherCreators, unverified, suspended].map((user) => user.id),
        ...[published, claimable, draft, paused, upcoming, foreign, foreign2].map((campaign) => campaign.id),
        ...[pending, submittedOwn, toSubmit].map((claim) => claim.id),
        ...brandClaims,
        ...invitations.map((invitation) => invitation.id),
        String(method.data?.id),
        ...withdrawals,
        ...subscriberIds,
        ...deletionIds,
      ],
      related: { creator: creatorIds, brand: brandIds, admin: adminIds },
      numericIds: typeof message.data?.id === 'number' ? [message.data.id] : [],
      emails: [
        admin.email,
        brand.email,
        creator.email,
        otherBrand.email,
        unverified.email,
        'fuzz-subscriber@example.se',
        'nobody@example.se',
      ],
      csrfToken: CSRF_TOKEN,
      password: PASSWORD,
      known: knownBodies({ publishedCampaignId: published.id, paymentMethodId: String(method.data?.id) }),
    },
    actors,
    tokens: { creator: '', brand: '', admin: '' },
    expiredTokens,
    suspendedToken,
  };
  await restoreActors(db, world);
  return world;
}

/** Ids of a table's rows, ordered by a column that does not depend on the random ids. */
async function idsOf(db: Database, table: 'subscribers' | 'deletion_requests'): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql.raw(`select id from ${table} order by email`));
  return rows.map((row) => row.id);
}

/**
 * Puts the three actors back as they were (role, not suspended, e-mail verified) and gives each a
 * live session: fuzzed admin calls may demote or suspend them and fuzzed sign-outs end sessions,
 * which would turn the rest of the run into anonymous requests.
 */
export async function restoreActors(db: Database, world: FuzzWorld): Promise<void> {
  const actorIds = Object.values(world.actors).map((user) => user.id);
  const live = new Set(
    (
      await db
        .select({ userId: sessions.userId, id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.userId, actorIds))
    ).map((row) => row.id),
  );
  for (const [role, user] of Object.entries(world.actors) as [ActorRole, User][]) {
    await db
      .update(users)
      .set({ role, suspendedAt: null, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
      .where(eq(users.id, user.id));
    const token = world.tokens[role];
    if (!token || !live.has(token.split('.')[0] ?? '')) world.tokens[role] = (await createSession(db, user.id)).token;
  }
}
