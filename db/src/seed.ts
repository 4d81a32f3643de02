import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { brandProfiles, campaigns, creatorProfiles, totpCredentials, users } from './schema/index.ts';

export interface SeedOptions {
  /** Hashes a demo password (the API passes its argon2id hasher; db stays free of auth code). */
  hashPassword(password: string): Promise<string>;
  /**
   * Funds a live demo campaign through the payments service (the API passes it), in the seed's
   * transaction, so `npm start` shows a ledger where every live campaign's escrow was paid for.
   */
  fundCampaign?(tx: Database, campaign: typeof campaigns.$inferSelect): Promise<unknown>;
  /** Encrypts a secret with the API's key; without it the demo admin starts with two-factor off. */
  encryptSecret?(plaintext: string): string;
  /**
   * Cover keys of the drawn demo covers by slug (`fjallrost`, `termos`, `julkalender`; the API reads
   * them from `api/assets/demo-covers/covers.json`, ADR 040). Without them the campaigns have none.
   */
  demoCovers?: Record<string, string>;
}

/** Which drawn cover each demo campaign shows, by title. */
const DEMO_COVER_SLUGS: Record<string, string> = {
  'Höstens fjällrost': 'fjallrost',
  'Vinterns termosguide': 'termos',
  'Julkalender (utkast)': 'julkalender',
};

/**
 * The demo admin's authenticator secret (base32), public on purpose: `npm start` and the browser
 * tests compute its codes. Admins must sign in with two-factor (ADR 024); like every demo account
 * this one is never seeded in production.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'KOLLABDEMOADMINTWOFACTORSECRETKE';

/** The demo accounts `npm start` creates; documented in the README. Never seeded in production. */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.kollab.se', password: 'demo-admin-2026', role: 'admin', fullName: 'Alva Admin' },
  { email: 'brand@demo.kollab.se', password: 'demo-brand-2026', role: 'brand', fullName: 'Bo Brand' },
  { email: 'creator@demo.kollab.se', password: 'demo-creator-2026', role: 'creator', fullName: 'Cleo Creator' },
] as const;

/** Inserts the demo data; running it again changes nothing. Returns how many users it created. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<number> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email.toLowerCase()));
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (known.has(account.email)) continue;
    const inserted = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await options.hashPassword(account.password),
        role: account.role,
        fullName: account.fullName,
        emailVerifiedAt: new Date(),
        twoFactorEnabledAt: account.role === 'admin' && options.encryptSecret ? new Date() : null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += inserted.length;
    const [admin] = account.role === 'admin' ? inserted : [];
    if (admin && options.encryptSecret) {
      await db
        .insert(totpCredentials)
        .values({ userId: admin.id, secretEncrypted: options.encryptSecret(DEMO_ADMIN_TOTP_SECRET) });
    }
  }
  await seedDemoContent(db, options);
  return created;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A brand profile, a creator profile and three campaigns, once (skipped when the demo brand has any). */
async function seedDemoContent(db: Database, options: SeedOptions): Promise<void> {
  const demo = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const brandId = demo.find((user) => user.email === 'brand@demo.kollab.se')?.id;
  const creatorId = demo.find((user) => user.email === 'creator@demo.kollab.se')?.id;
  if (!brandId || !creatorId) return;
  const existing = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.brandId, brandId)).limit(1);
  if (existing.length) {
    await addDemoCovers(db, brandId, options.demoCovers);
    return;
  }
  await db
    .insert(brandProfiles)
    .values({
      userId: brandId,
      companyName: 'Fjällkaffe AB',
      orgNumber: '556016-0680',
      website: 'https://fjallkaffe.example',
      instagramHandle: 'fjallkaffe',
      instagramPosts: 214,
      instagramFollowers: 12_400,
      instagramFollowing: 310,
    })
    .onConflictDoNothing();
  await db
    .insert(creatorProfiles)
    .values({
      userId: creatorId,
      categories: ['food', 'lifestyle', 'travel'],
      instagramHandle: 'cleo.creates',
      instagramFollowers: 8_600,
      tiktokHandle: 'cleocreates',
      tiktokFollowers: 14_200,
      bio: 'Vardagsmat, fjällresor och ärliga recensioner.',
    })
    .onConflictDoUpdate({
      target: creatorProfiles.userId,
      set: { categories: ['food', 'lifestyle', 'travel'], instagramHandle: 'cleo.creates', instagramFollowers: 8_600 },
    });
  const now = Date.now();
  const base = {
    brandId,
    objectives: ['awareness', 'ugc_content'],
    platforms: ['instagram', 'tiktok'],
    creatorTiers: ['nano', 'micro'],
    audienceCountries: ['SE'],
    audienceAgeGroups: ['18-24', '25-34'],
    guidelines: [
      'Visa produkten under de första tre sekunderna.',
      'Märk inlägget med "Reklam" i början av texten.',
      'Tagga @fjallkaffe och använd hashtaggarna.',
    ],
  } satisfies Partial<typeof campaigns.$inferInsert>;
  const cover = (title: string) => {
    const slug = DEMO_COVER_SLUGS[title];
    return { title, coverKey: (slug && options.demoCovers?.[slug]) || null };
  };
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(campaigns)
      .values([
        {
          ...base,
          ...cover('Höstens fjällrost'),
          description:
            'Visa hur du brygger vår nya mörkrost på tur eller hemma. Vi söker äkta vardagsögonblick, inte reklamfilm.',
          categories: ['food', 'lifestyle'],
          budgetOre: 8_000_000,
          payoutOre: 250_000,
          // Room for every browser spec that claims it in one run (and a retry): the notifications,
          // desk and narrow-screen specs joined the ones that earn money on it.
          slots: 32,
          startsAt: new Date(now - 2 * DAY_MS),
          endsAt: new Date(now + 28 * DAY_MS),
          hashtags: ['fjällkaffe', 'höstrost'],
          preferredCreatorType: 'Matkreatörer och friluftsprofiler',
          brandLink: 'https://fjallkaffe.example',
          productLink: 'https://fjallkaffe.example/fjallrost',
          status: 'published',
          publishedAt: new Date(now - 2 * DAY_MS),
        },
        {
          ...base,
          ...cover('Vinterns termosguide'),
          description: 'Tipsa om din bästa termos-kaffe inför vintern. Kort video, ärligt omdöme.',
          categories: ['travel', 'lifestyle'],
          budgetOre: 1_500_000,
          payoutOre: 150_000,
          slots: 8,
          startsAt: new Date(now + 10 * DAY_MS),
          endsAt: new Date(now + 40 * DAY_MS),
          hashtags: ['termos', 'vinterkaffe'],
          status: 'published',
          publishedAt: new Date(now),
        },
        {
          ...base,
          ...cover('Julkalender (utkast)'),
          description: 'Idéskiss för december.',
          categories: ['food'],
          budgetOre: 1_000_000,
          payoutOre: 100_000,
          slots: 5,
          startsAt: new Date(now + 20 * DAY_MS),
          endsAt: new Date(now + 45 * DAY_MS),
          status: 'draft',
        },
      ])
      .returning();
    for (const row of rows) if (row.status === 'published') await options.fundCampaign?.(tx, row);
  });
}

/**
 * Gives demo campaigns of an older data folder their covers: those seeded before covers existed,
 * and those pointing at an earlier drawing. An uploaded cover stays.
 */
async function addDemoCovers(db: Database, brandId: string, covers: Record<string, string> | undefined): Promise<void> {
  if (!covers) return;
  for (const [title, slug] of Object.entries(DEMO_COVER_SLUGS)) {
    const key = covers[slug];
    if (!key) continue;
    await db
      .update(campaigns)
      .set({ coverKey: key })
      .where(
        and(
          eq(campaigns.brandId, brandId),
          eq(campaigns.title, title),
          or(isNull(campaigns.coverKey), like(campaigns.coverKey, 'demo-covers/%')),
        ),
      );
  }
}
