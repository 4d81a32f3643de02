import { accountVerifications, creatorProfiles, providerUsage, type User } from '@kollab/db/schema';
import { findProfile, generateDataset, type SampleProfile } from '@kollab/stand-ins/provider/dataset';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { Provider } from '../discovery/provider.ts';
import { SAMPLE_PROVIDER_KEY } from '../discovery/provider.ts';
import { REMINDER_AFTER_DAYS, remindUnverifiedAccounts } from './verification.jobs.ts';
import { CHECKS_PER_HOUR, checkVerification } from './verification.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const dataset = generateDataset();
/** Public sample accounts, one per test, so no two tests share a handle. */
const publicInstagram = dataset.byPlatform.instagram.filter((p) => !p.isPrivate && p.followers <= 100_000);
let nextAccount = 0;
const freshInstagram = (): SampleProfile => publicInstagram[nextAccount++] as SampleProfile;
const privateInstagram = dataset.byPlatform.instagram.find((p) => p.isPrivate) as SampleProfile;
const cleoTiktok = findProfile(dataset, 'tiktok', 'cleocreates') as SampleProfile;

type Answer = { status: number; body: { data?: Record<string, unknown>; error?: Record<string, unknown> } };
async function send(
  cookie: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  app = t,
): Promise<Answer> {
  const res = await app.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
const start = (cookie: string, platform = 'instagram', app = t) =>
  send(cookie, 'POST', `/api/creator-profile/verifications/${platform}`, undefined, app);
const check = (cookie: string, platform = 'instagram', app = t) =>
  send(cookie, 'POST', `/api/creator-profile/verifications/${platform}/check`, undefined, app);
const list = (cookie: string) => send(cookie, 'GET', '/api/creator-profile/verifications');
const link = (cookie: string, handles: { instagramHandle?: string | null; tiktokHandle?: string | null }, app = t) =>
  send(cookie, 'PUT', '/api/creator-profile', { categories: ['food'], ...handles }, app);

/** Sets the account's bio at the sample provider, as its owner would in the app. */
async function setBio(platform: 'instagram' | 'tiktok', handle: string, biography: string | null, app = t) {
  const res = await fetch(`${app.providerUrl}/_sample/${platform}/accounts/${handle}/bio`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${SAMPLE_PROVIDER_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ biography }),
  });
  expect(res.status).toBe(200);
}

/** A creator with a session and `handle` linked on Instagram. */
async function creatorWith(handle: string, app = t): Promise<{ user: User; cookie: string }> {
  const user = await createUser(app.db, { role: 'creator' });
  const cookie = await loginAs(app.db, user);
  expect((await link(cookie, { instagramHandle: handle }, app)).status).toBe(200);
  return { user, cookie };
}

function errorOf(answer: Answer) {
  const { requestId, ...rest } = answer.body.error ?? {};
  expect(typeof requestId).toBe('string');
  return { status: answer.status, error: rest };
}

async function profileOf(user: User) {
  const [row] = await t.db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, user.id));
  return row;
}

describe('starting a verification', () => {
  it('gives a KOLLAB code valid 48 hours, shown until it is used; a new start replaces it', async () => {
    const account = freshInstagram();
    const { cookie } = await creatorWith(account.username);
    expect((await list(cookie)).body.data).toEqual([
      {
        platform: 'instagram',
        handle: account.username,
        status: 'not_started',
        code: null,
        codeExpiresAt: null,
        verifiedAt: null,
        followers: null,
        tier: null,
      },
    ]);

    const before = Date.now();
    const first = await start(cookie);

    expect(first.status).toBe(201);
    const data = first.body.data as { code: string; codeExpiresAt: string; status: string };
    expect(data.status).toBe('pending');
    expect(data.code).toMatch(/^KOLLAB-[2-9A-HJKMNP-Z]{8}$/);
    const expires = Date.parse(data.codeExpiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 48 * 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3600_000);
    expect((await list(cookie)).body.data).toEqual([first.body.data]);

    const second = await start(cookie);
    const newCode = (second.body.data as { code: string }).code;
    expect(newCode).not.toBe(data.code);
    await setBio('instagram', account.username, `Hej! ${data.code}`);
    expect(errorOf(await check(cookie))).toEqual({
      status: 422,
      error: { code: 'verification_code_not_found', message: "The code is not in the account's bio yet" },
    });
  });

  it('needs a linked account on the platform', async () => {
    const { cookie } = await creatorWith(freshInstagram().username);
    expect(errorOf(await start(cookie, 'tiktok'))).toEqual({
      status: 422,
      error: {
        code: 'validation_failed',
        message: 'No account is linked on this platform',
        fields: { platform: ['not_linked'] },
      },
    });
    expect(errorOf(await start(cookie, 'youtube'))).toMatchObject({
      status: 422,
      error: { code: 'validation_failed', fields: { platform: ['invalid_platform'] } },
    });
  });
});

describe('checking the bio', () => {
  it('verifies with the provider’s follower count, updates the profile, and shows the badge', async () => {
    const account = freshInstagram();
    const { user, cookie } = await creatorWith(account.username);
    const code = ((await start(cookie)).body.data as { code: string }).code.toLowerCase();
    await setBio('instagram', account.username, `Mat & resor ✨\n${code} 📍Stockholm`);
    const requestsBefore = t.providerRequests.length;

    const before = Date.now();
    const answer = await check(cookie);

    expect(answer.status).toBe(200);
    const verifiedAt = (answer.body.data as { verifiedAt: string }).verifiedAt;
    expect(Date.parse(verifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    const tier = account.followers <= 10_000 ? 'nano' : 'micro';
    expect(answer.body.data).toEqual({
      platform: 'instagram',
      handle: account.username,
      status: 'verified',
      code: null,
      codeExpiresAt: null,
      verifiedAt,
      followers: account.followers,
      tier: account.followers >= 1000 ? tier : null,
    });
    expect(t.providerRequests.slice(requestsBefore)).toEqual(['GET /raw/ig/user-info']);
    expect((await profileOf(user))?.instagramFollowers).toBe(account.followers);
    // Kollab's own cost: one raw request on the creator's usage row, under no brand cap.
    const [usage] = await t.db.select().from(providerUsage).where(eq(providerUsage.userId, user.id));
    expect(usage).toMatchObject({ rawRequests: 1, creditHundredths: 0 });

    const other = await createUser(t.db, { role: 'creator' });
    const brand = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const badges = await send(brand, 'GET', `/api/verified-accounts?ids=${other.id},${user.id}`);
    expect(badges).toEqual({
      status: 200,
      body: {
        data: [
          { creatorId: other.id, accounts: [] },
          {
            creatorId: user.id,
            accounts: [
              {
                platform: 'instagram',
                handle: account.username,
                followers: account.followers,
                tier: account.followers >= 1000 ? tier : null,
                verifiedAt,
              },
            ],
          },
        ],
      },
    });
    // Checking again changes nothing and asks the provider nothing.
    expect(await check(cookie)).toEqual(answer);
    expect(t.providerRequests.length).toBe(requestsBefore + 1);
    expect(errorOf(await start(cookie))).toEqual({
      status: 409,
      error: { code: 'conflict', message: 'This account is already verified' },
    });
  });

  it('verifies a TikTok account from its signature', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    const cookie = await loginAs(t.db, user);
    await link(cookie, { tiktokHandle: '@CleoCreates' });
    const code = ((await start(cookie, 'tiktok')).body.data as { code: string }).code;
    await setBio('tiktok', 'cleocreates', code);

    const answer = await check(cookie, 'tiktok');

    expect(answer.body.data).toMatchObject({ status: 'verified', followers: cleoTiktok.followers, tier: 'micro' });
    expect((await profileOf(user))?.tiktokFollowers).toBe(cleoTiktok.followers);
    await setBio('tiktok', 'cleocreates', null);
  });

  it('refuses a code past its time, and one never started', async () => {
    const account = freshInstagram();
    const { user, cookie } = await creatorWith(account.username);
    expect(errorOf(await check(cookie))).toEqual({
      status: 409,
      error: { code: 'verification_expired', message: 'Start the verification again for a new code' },
    });
    const code = ((await start(cookie)).body.data as { code: string }).code;
    await setBio('instagram', account.username, code);
    await t.db
      .update(accountVerifications)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountVerifications.creatorId, user.id));

    expect((await list(cookie)).body.data).toEqual([expect.objectContaining({ status: 'expired', code })]);
    expect(errorOf(await check(cookie))).toEqual({
      status: 409,
      error: { code: 'verification_expired', message: 'Start the verification again for a new code' },
    });
    const fresh = ((await start(cookie)).body.data as { code: string }).code;
    await setBio('instagram', account.username, fresh);
    expect((await check(cookie)).body.data).toMatchObject({ status: 'verified' });
  });

  it('loses the verification when the handle changes, also when it changes back', async () => {
    const account = freshInstagram();
    const { user, cookie } = await creatorWith(account.username);
    const code = ((await start(cookie)).body.data as { code: string }).code;
    await setBio('instagram', account.username, code);
    expect((await check(cookie)).body.data).toMatchObject({ status: 'verified' });

    const saved = await link(cookie, { instagramHandle: `@${account.username}` });
    expect(saved.status).toBe(200);
    expect((await list(cookie)).body.data).toEqual([expect.objectContaining({ status: 'verified' })]);

    await link(cookie, { instagramHandle: freshInstagram().username });
    expect((await list(cookie)).body.data).toEqual([
      expect.objectContaining({ status: 'not_started', verifiedAt: null }),
    ]);
    await link(cookie, { instagramHandle: account.username });
    expect((await list(cookie)).body.data).toEqual([
      expect.objectContaining({ status: 'not_started', verifiedAt: null }),
    ]);
    expect((await send(cookie, 'GET', `/api/verified-accounts?ids=${user.id}`)).body.data).toEqual([
      { creatorId: user.id, accounts: [] },
    ]);

    await link(cookie, { instagramHandle: null });
    expect((await list(cookie)).body.data).toEqual([]);
    expect(await t.db.select().from(accountVerifications).where(eq(accountVerifications.creatorId, user.id))).toEqual(
      [],
    );
  });

  it('answers social_account_not_found for a handle the provider does not know or keeps private', async () => {
    for (const handle of ['nobody.here.at.all', privateInstagram.username]) {
      const { cookie } = await creatorWith(handle);
      await start(cookie);
      expect(errorOf(await check(cookie))).toEqual({
        status: 422,
        error: { code: 'social_account_not_found', message: 'The provider knows no public account with this handle' },
      });
      expect((await list(cookie)).body.data).toEqual([expect.objectContaining({ status: 'pending' })]);
    }
  });

  it(`limits checks to ${CHECKS_PER_HOUR} an hour per creator`, async () => {
    const { cookie } = await creatorWith(freshInstagram().username);
    await start(cookie);
    for (let i = 0; i < CHECKS_PER_HOUR; i++) expect((await check(cookie)).status).toBe(422);
    const refused = await t.app.request('/api/creator-profile/verifications/instagram/check', {
      method: 'POST',
      headers: jsonHeaders(cookie),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another creator's checks are their own.
    const other = await creatorWith(freshInstagram().username);
    await start(other.cookie);
    expect((await check(other.cookie)).status).toBe(422);
  });
});

describe('who may do what', () => {
  it('lets only creators act, each on their own linked accounts', async () => {
    const account = freshInstagram();
    const owner = await creatorWith(account.username);
    const ownerCode = ((await start(owner.cookie)).body.data as { code: string }).code;
    await setBio('instagram', account.username, ownerCode);
    // Another creator links the same handle: the owner's code in the bio proves nothing for them.
    const other = await creatorWith(account.username);
    await start(other.cookie);
    expect((await check(other.cookie)).body.error).toMatchObject({ code: 'verification_code_not_found' });
    expect((await list(owner.cookie)).body.data).toEqual([
      expect.objectContaining({ status: 'pending', code: ownerCode }),
    ]);

    const brand = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    for (const cookie of [brand, admin]) {
      expect(errorOf(await start(cookie))).toEqual({
        status: 403,
        error: { code: 'forbidden', message: 'Only for creator accounts' },
      });
      expect((await check(cookie)).status).toBe(403);
      expect((await send(cookie, 'GET', '/api/creator-profile/verifications')).status).toBe(403);
    }
    const anonymous = await t.app.request('/api/creator-profile/verifications/instagram', {
      method: 'POST',
      headers: jsonHeaders(),
    });
    expect(anonymous.status).toBe(401);
    expect((await t.app.request(`/api/verified-accounts?ids=${owner.user.id}`)).status).toBe(401);
  });

  it('moves a handle to the creator who proves it now; the earlier one loses the badge', async () => {
    const account = freshInstagram();
    const first = await creatorWith(account.username);
    await setBio('instagram', account.username, ((await start(first.cookie)).body.data as { code: string }).code);
    expect((await check(first.cookie)).body.data).toMatchObject({ status: 'verified' });
    const second = await creatorWith(account.username);
    await setBio('instagram', account.username, ((await start(second.cookie)).body.data as { code: string }).code);

    expect((await check(second.cookie)).body.data).toMatchObject({ status: 'verified' });

    expect((await list(first.cookie)).body.data).toEqual([expect.objectContaining({ status: 'not_started' })]);
    const badges = await send(first.cookie, 'GET', `/api/verified-accounts?ids=${first.user.id},${second.user.id}`);
    expect((badges.body.data as unknown as { accounts: unknown[] }[]).map((entry) => entry.accounts.length)).toEqual([
      0, 1,
    ]);
  });
});

describe('when the provider fails', () => {
  it.each([
    ['is down', 'status=503', 502, 'provider_error', 'The data provider failed; try again later'],
    [
      'says the account is private',
      'status=403,code=private_account',
      422,
      'social_account_private',
      'The account is private',
    ],
  ])('answers a clear error when it %s, and changes nothing', async (_what, faults, status, code, message) => {
    const faulty = await createTestApp({ settings: { SAMPLE_PROVIDER_FAULTS: faults } });
    try {
      const user = await createUser(faulty.db, { role: 'creator' });
      const cookie = await loginAs(faulty.db, user);
      await link(cookie, { instagramHandle: 'cleo.creates' }, faulty);
      await start(cookie, 'instagram', faulty);

      expect(errorOf(await check(cookie, 'instagram', faulty))).toEqual({ status, error: { code, message } });
      const [row] = await faulty.db
        .select()
        .from(accountVerifications)
        .where(and(eq(accountVerifications.creatorId, user.id), eq(accountVerifications.platform, 'instagram')));
      expect(row).toMatchObject({ verifiedAt: null, followers: null });
      expect(row?.code).toMatch(/^KOLLAB-/);
    } finally {
      await faulty.close();
    }
  });
});

describe('an answer that marks the account private', () => {
  it('is social_account_private even with the code in the bio, and still costs the raw request', async () => {
    const account = freshInstagram();
    const { user, cookie } = await creatorWith(account.username);
    const code = ((await start(cookie)).body.data as { code: string }).code;
    const calls: string[] = [];
    const provider = {
      sample: true,
      client: {
        raw: async (platform: string, endpoint: string) => {
          calls.push(`${platform} ${endpoint}`);
          return {
            data: { pk: 1, username: account.username, biography: code, is_private: true, follower_count: 10 },
            cost: { credits: 0, rawRequests: 1 },
            coalesced: false,
          };
        },
      },
    } as unknown as Provider;
    const deps = { db: t.db, provider, logger: createLogger('silent'), env: t.env };

    await expect(checkVerification(deps, user, 'instagram')).rejects.toMatchObject({
      code: 'social_account_private',
      message: 'The account is private',
    });
    expect(calls).toEqual(['ig user-info']);
    expect((await list(cookie)).body.data).toEqual([expect.objectContaining({ status: 'pending', code })]);
    const [usage] = await t.db.select().from(providerUsage).where(eq(providerUsage.userId, user.id));
    expect(usage).toMatchObject({ rawRequests: 1 });
  });
});

describe('the reminder to verify', () => {
  const mailerFor = () => {
    const sent: Mail[] = [];
    return { sent, mailer: { send: async (mail: Mail) => void sent.push(mail) } };
  };

  it(`mails once, ${REMINDER_AFTER_DAYS} days after linking, on any number of instances`, async () => {
    const { user } = await creatorWith(freshInstagram().username);
    const sv = await creatorWith(freshInstagram().username);
    await t.db
      .update(creatorProfiles)
      .set({ tiktokHandle: 'cleocreates' })
      .where(eq(creatorProfiles.userId, sv.user.id));
    await link(sv.cookie, {
      instagramHandle: (await profileOf(sv.user))?.instagramHandle ?? null,
      tiktokHandle: 'cleocreates',
    });
    const verified = await creatorWith(freshInstagram().username);
    await t.db
      .update(accountVerifications)
      .set({ verifiedAt: new Date() })
      .where(eq(accountVerifications.creatorId, verified.user.id));
    const { sent, mailer } = mailerFor();
    const deps = { db: t.db, mailer, env: t.env };
    const mine = (mails: Mail[]) =>
      mails.filter((mail) => [user.email, sv.user.email, verified.user.email].includes(mail.to));

    await remindUnverifiedAccounts.run(deps, new Date(Date.now() + 6 * DAY_MS));
    expect(mine(sent)).toEqual([]);

    const later = new Date(Date.now() + 8 * DAY_MS);
    await Promise.all([remindUnverifiedAccounts.run(deps, later), remindUnverifiedAccounts.run(deps, later)]);
    await remindUnverifiedAccounts.run(deps, new Date(later.getTime() + DAY_MS));

    const profile = await profileOf(sv.user);
    expect(mine(sent).sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [
        {
          to: user.email,
          subject: 'Verifiera ditt konto på Kollab',
          text: `Hej ${user.fullName}!\n\nDu har länkat Instagram @${(await profileOf(user))?.instagramHandle} till din Kollab-profil men inte verifierat det ännu. Verifierade konton visas med en bock för varumärken och kommer först i matchningen. Det tar en minut: hämta en kod på din profil, lägg den i kontots bio och tryck på Kontrollera.\n\nhttp://localhost:3000/app/profile\n\n– Kollab\n`,
        },
        {
          to: sv.user.email,
          subject: 'Verifiera ditt konto på Kollab',
          text: expect.stringContaining(
            `Du har länkat Instagram @${profile?.instagramHandle} och TikTok @cleocreates till`,
          ),
        },
      ].sort((a, b) => a.to.localeCompare(b.to)),
    );
  });

  it('writes in English to English-speaking creators, and reminds again about a new handle', async () => {
    const user = await createUser(t.db, { role: 'creator', locale: 'en' });
    const cookie = await loginAs(t.db, user);
    await link(cookie, { instagramHandle: freshInstagram().username });
    const { sent, mailer } = mailerFor();
    const deps = { db: t.db, mailer, env: t.env };
    await remindUnverifiedAccounts.run(deps, new Date(Date.now() + 8 * DAY_MS));
    const mine = () => sent.filter((mail) => mail.to === user.email);
    expect(mine()).toEqual([
      expect.objectContaining({
        subject: 'Verify your account on Kollab',
        text: expect.stringContaining('You linked Instagram @'),
      }),
    ]);

    const next = freshInstagram().username;
    await link(cookie, { instagramHandle: next });
    await remindUnverifiedAccounts.run(deps, new Date(Date.now() + 8 * DAY_MS));
    expect(mine()).toHaveLength(2);
    expect(mine()[1]?.text).toContain(`Instagram @${next}`);
  });
});
