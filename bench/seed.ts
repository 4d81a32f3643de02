// The throwaway PostgreSQL database the API benches share: created on the server at
// BENCH_DATABASE_URL (default the local server's `postgres` user), migrated, seeded with one brand
// owning 10,000 campaigns, one creator without claims and LISTING_CREATORS more who hold claims, all
// signed in, vacuumed, and dropped at the end.
import { createDb, type DatabaseHandle, migrate } from '@kollab/db';
import { campaigns, claims, sessions, users } from '@kollab/db/schema';
import { asc, desc, eq, ne } from 'drizzle-orm';
import postgres from 'postgres';
import { hashToken } from '../api/src/lib/tokens.ts';

export const CAMPAIGN_COUNT = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_SECRET = 'benchsecret';
const CATEGORIES = ['food', 'fashion', 'beauty', 'travel', 'fitness', 'tech'];

/** A creator's campaign-list requests: mostly browsing pages, some filtering, a little searching. */
export const CAMPAIGN_LIST_PATHS = [
  '/api/campaigns',
  '/api/campaigns?page=2',
  '/api/campaigns?page=3',
  '/api/campaigns?category=food',
  '/api/campaigns?platform=instagram',
  '/api/campaigns',
  '/api/campaigns?page=2',
  '/api/campaigns?q=kampanj%2012',
];

/**
 * Per-request cookies for CAMPAIGN_LIST_PATHS: every listing creator asks every path in turn (request
 * i asks path i mod 8 as creator ⌊i / 8⌋ mod n).
 */
export function listingHeaderSets(seeded: Seeded): Record<string, string>[] {
  return seeded.listingCookies.flatMap((cookie) => CAMPAIGN_LIST_PATHS.map(() => ({ cookie })));
}

export interface Seeded {
  brandId: string;
  creatorId: string;
  /** `Cookie` header values of a signed-in creator (who holds no claims) and of the brand. */
  creatorCookie: string;
  /**
   * `Cookie` header values of creators browsing the campaign list as creators do: the first holds no
   * claims, most hold a claim on a campaign of the first page, some on one further down, and one on
   * a draft (which joins that creator's list).
   */
  listingCookies: string[];
  brandCookie: string;
}

export interface BenchDatabase extends Seeded {
  /** The database's postgres:// URL, for the servers' DATABASE_URL. */
  url: string;
  /** One connection to it, for checks after a run. */
  sql: postgres.Sql;
  /** Drops the database (BENCH_KEEP=1 keeps it and prints its URL) and closes the connections. */
  drop(): Promise<void>;
}

/** Signs a user in by inserting a session row; returns the `Cookie` header value. */
export async function addSession(db: DatabaseHandle['db'], userId: string, id: string): Promise<string> {
  await db.insert(sessions).values({
    id,
    secretHash: hashToken(SESSION_SECRET),
    userId,
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
  });
  return `kollab_session=${id}.${SESSION_SECRET}`;
}

async function seed(db: DatabaseHandle['db']): Promise<Seeded> {
  const verified = { emailVerifiedAt: new Date() };
  const [brand] = await db
    .insert(users)
    .values({ email: 'bench-brand@example.se', role: 'brand', fullName: 'Bench Brand', ...verified })
    .returning();
  const [creator] = await db
    .insert(users)
    .values({ email: 'bench-creator@example.se', role: 'creator', fullName: 'Bench Creator', ...verified })
    .returning();
  if (!brand || !creator) throw new Error('seed failed');
  for (let batch = 0; batch < CAMPAIGN_COUNT / 1000; batch++) {
    await db.insert(campaigns).values(
      Array.from({ length: 1000 }, (_, index) => {
        const n = batch * 1000 + index;
        return {
          brandId: brand.id,
          title: `Kampanj ${n}`,
          description: 'Benchmark campaign',
          objectives: ['awareness'],
          categories: [CATEGORIES[n % CATEGORIES.length] ?? 'food'],
          platforms: n % 2 ? ['instagram'] : ['tiktok'],
          creatorTiers: ['nano'],
          hashtags: [`tag${n % 50}`],
          budgetOre: 1_000_000,
          payoutOre: 100_000,
          slots: 10,
          startsAt: new Date(Date.now() - (n % 30) * DAY_MS),
          endsAt: new Date(Date.now() + (30 + (n % 30)) * DAY_MS),
          status: n % 10 === 0 ? ('draft' as const) : ('published' as const),
        };
      }),
    );
  }
  const creatorCookie = await addSession(db, creator.id, 'benchcreatorsession00000');
  return {
    brandId: brand.id,
    creatorId: creator.id,
    creatorCookie,
    listingCookies: [creatorCookie, ...(await seedListingCreators(db))],
    brandCookie: await addSession(db, brand.id, 'benchbrandsession0000000'),
  };
}

/** Creators with claims, on the first page of the list (10), further down (4) and on a draft (1). */
const LISTING_CREATORS = { firstPage: 10, furtherDown: 4, onDraft: 1 };

async function seedListingCreators(db: DatabaseHandle['db']): Promise<string[]> {
  const newest = await db
    .select({ id: campaigns.id, payoutOre: campaigns.payoutOre })
    .from(campaigns)
    .where(eq(campaigns.status, 'published'))
    .orderBy(desc(campaigns.startsAt), asc(campaigns.id))
    .limit(200);
  const [draft] = await db
    .select({ id: campaigns.id, payoutOre: campaigns.payoutOre })
    .from(campaigns)
    .where(ne(campaigns.status, 'published'))
    .limit(1);
  const targets = [
    ...newest.slice(0, LISTING_CREATORS.firstPage),
    ...newest.slice(100, 100 + LISTING_CREATORS.furtherDown),
    ...(draft ? [draft] : []).slice(0, LISTING_CREATORS.onDraft),
  ];
  const cookies: string[] = [];
  for (const [n, campaign] of targets.entries()) {
    const [creator] = await db
      .insert(users)
      .values({
        email: `bench-lister-${n}@example.se`,
        role: 'creator',
        fullName: `Lister ${n}`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!creator) throw new Error('seed failed');
    await db.insert(claims).values({
      campaignId: campaign.id,
      creatorId: creator.id,
      payoutOre: campaign.payoutOre,
      guidelinesConfirmedAt: new Date(),
    });
    cookies.push(await addSession(db, creator.id, `benchlistersession${String(n).padStart(6, '0')}`));
  }
  return cookies;
}

/** Provider credits spent and cache hits counted so far, over every user and day (provider_usage). */
export async function readProviderUsage(sql: postgres.Sql): Promise<{ credits: number; cacheHits: number }> {
  const [row] = await sql<{ hundredths: number; hits: number }[]>`
    select coalesce(sum(credit_hundredths), 0)::int as hundredths, coalesce(sum(cache_hits), 0)::int as hits
      from provider_usage`;
  return { credits: (row?.hundredths ?? 0) / 100, cacheHits: row?.hits ?? 0 };
}

/**
 * Creates, migrates and seeds a database named `<prefix>_<time>`; `more` adds a bench's own rows
 * before the final vacuum. On any failure the database is dropped again before the error is thrown.
 */
export async function createBenchDatabase(
  prefix: string,
  more?: (db: DatabaseHandle['db'], seeded: Seeded) => Promise<void>,
): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await sql.end();
    if (process.env.BENCH_KEEP) console.log(`kept ${url}`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    const handle = await createDb({ url: url.toString() });
    try {
      await migrate(handle);
      const seeded = await seed(handle.db);
      await more?.(handle.db, seeded);
      // A table that has been live for a while has been vacuumed (autovacuum) and has a visibility
      // map; freshly bulk-inserted rows have none until autovacuum happens to come by, which would
      // make the numbers depend on its timing. Vacuum once so every run measures that steady state.
      await handle.db.execute('vacuum analyze');
      return { ...seeded, url: url.toString(), sql, drop };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
}
