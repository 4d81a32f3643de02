import { stockholmDay } from '@kollab/contract/stockholm-date';
import { auditLog, providerUsage, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { parseEnv } from '../../env.ts';
import { BUDGET_REACHED_ACTION, secondsUntilTomorrow } from './usage.ts';

/*
 * The attacks of issue 24 item 1 and issue 26 items 5 and 7 on discovery's provider credits: each
 * test performs one and shows it refused, with nothing booked and nothing sent to the provider.
 */

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

function call(app: TestApp, path: string, cookie: string, init: Init = {}) {
  return app.app.request(`/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...jsonHeaders(cookie), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function usageOf(app: TestApp, userId: string) {
  const [row] = await app.db.select().from(providerUsage).where(eq(providerUsage.userId, userId));
  return row;
}

/** The error envelope a refusal must be, whole. */
const envelope = (code: string, message: string) => ({ error: { code, message, requestId: expect.any(String) } });

async function brandCookie(app: TestApp, options: { verified?: boolean } = {}) {
  const user = await createUser(app.db, { role: 'brand', ...options });
  return { user, cookie: await loginAs(app.db, user) };
}

const search = (min: number) => ({ filter: { influencer: { followers: { min } } } });

describe('the limits are settings', () => {
  it('with defaults, and a message naming a wrong one', () => {
    expect(parseEnv({})).toMatchObject({
      PROVIDER_DAILY_CREDIT_CAP: 50,
      PROVIDER_DAILY_RAW_CAP: 80,
      PROVIDER_GLOBAL_DAILY_CREDITS: 300,
      PROVIDER_GLOBAL_DAILY_RAW_REQUESTS: 1000,
      PROVIDER_BRAND_CALLS_PER_MINUTE: 30,
    });
    expect(() => parseEnv({ PROVIDER_DAILY_RAW_CAP: '0' })).toThrow(
      'PROVIDER_DAILY_RAW_CAP: expected at least 1 raw request',
    );
    expect(() => parseEnv({ PROVIDER_GLOBAL_DAILY_CREDITS: '-1' })).toThrow(
      'PROVIDER_GLOBAL_DAILY_CREDITS: expected more than 0 credits',
    );
    expect(() => parseEnv({ PROVIDER_GLOBAL_DAILY_RAW_REQUESTS: '1.5' })).toThrow(
      'PROVIDER_GLOBAL_DAILY_RAW_REQUESTS: expected a whole number of raw requests',
    );
    expect(() => parseEnv({ PROVIDER_BRAND_CALLS_PER_MINUTE: 'many' })).toThrow(
      'PROVIDER_BRAND_CALLS_PER_MINUTE: expected a whole number of calls',
    );
  });
});

describe('discovery needs a verified e-mail address (issue 24.1)', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/discovery/status'],
    ['POST', '/discovery/instagram/search', search(5_000)],
    ['POST', '/discovery/instagram/search/quote', search(5_000)],
    ['GET', '/discovery/instagram/reports/cleo.creates'],
    ['POST', '/discovery/instagram/reports/cleo.creates', {}],
    ['POST', '/discovery/instagram/overlap', { influencers: ['cleo.creates', 'fjallkaffe'] }],
    ['GET', '/discovery/instagram/dictionaries/locations?query=swe'],
    ['POST', '/discovery/instagram/performance', { url: 'cleo.creates' }],
    ['POST', '/discovery/email-search', { emails: ['someone@example.com'] }],
    ['POST', '/discovery/raw/ig/user-info', { url: 'cleo.creates' }],
    ['POST', '/discovery/invitations', { campaignId: 'x', platform: 'instagram', userId: '1', username: 'cleo' }],
  ];

  it('a brand signed up with any address gets 403 email_not_verified everywhere, and spends nothing', async () => {
    const { user, cookie } = await brandCookie(t, { verified: false });
    const sent = t.providerRequests.length;
    for (const [method, path, body] of routes) {
      const res = await call(t, path, cookie, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual(envelope('email_not_verified', 'Verify your e-mail address to use discovery'));
    }
    expect(t.providerRequests.length).toBe(sent);
    expect(await usageOf(t, user.id)).toBeUndefined();

    // Once the address is confirmed, the same search goes through.
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const res = await call(t, '/discovery/instagram/search', cookie, { body: search(5_000) });
    expect(res.status).toBe(200);
    expect(await usageOf(t, user.id)).toMatchObject({ requests: 1 });
  });
});

describe('only POSTs spend; a GET another site links to reads the cache (issue 26.5)', () => {
  it('GETs of a report never call the provider; GET performance and raw lookups do not exist', async () => {
    const { user, cookie } = await brandCookie(t);
    const sent = t.providerRequests.length;
    const report = '/discovery/instagram/reports/fjallkaffe';
    const missing = await call(t, report, cookie);
    expect(missing.status).toBe(204);
    expect(await missing.text()).toBe('');
    // The old spending parameters are refused, not ignored into a fetch.
    for (const query of ['refresh=true', 'cachedOnly=false']) {
      const res = await call(t, `${report}?${query}`, cookie);
      expect(res.status, query).toBe(422);
    }
    for (const path of ['/discovery/instagram/performance?url=cleo.creates', '/discovery/raw/ig/user-info?url=x']) {
      const res = await call(t, path, cookie);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(envelope('not_found', `No route for GET /api${path.split('?')[0]}`));
    }
    expect(t.providerRequests.length).toBe(sent);
    expect(await usageOf(t, user.id)).toBeUndefined();
  });

  it('a POST from another site is refused by the CSRF check; from the portal it opens the report once', async () => {
    const { user, cookie } = await brandCookie(t);
    const report = '/discovery/instagram/reports/cleo.creates';
    const crossSite = await call(t, report, cookie, { body: {}, headers: { Origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual(envelope('forbidden', 'Cross-site request refused (CSRF check)'));
    expect(await usageOf(t, user.id)).toBeUndefined();

    const opened = await call(t, report, cookie, { body: {} });
    expect(opened.status).toBe(200);
    const { data, meta } = (await opened.json()) as { data: unknown; meta: { credits: number; fetchedAt: string } };
    expect(meta.credits).toBe(1);
    const read = await call(t, report, cookie);
    expect(await read.json()).toEqual({
      data,
      meta: { cached: true, fetchedAt: meta.fetchedAt, credits: 0, rawRequests: 0, sample: true },
    });
    expect(await usageOf(t, user.id)).toMatchObject({ requests: 1, creditHundredths: 100 });
  });
});

describe('handles "." and ".." never reach the provider (issue 26.7)', () => {
  it.each([
    ['a report of @..', '/discovery/instagram/reports/@..', {}],
    ['a report of @.', '/discovery/tiktok/reports/@.', { refresh: true }],
    ['an overlap with @..', '/discovery/instagram/overlap', { influencers: ['@..', 'cleo.creates'] }],
  ])('%s → 400, no provider call, nothing booked', async (_name, path, body) => {
    const { user, cookie } = await brandCookie(t);
    const sent = t.providerRequests.length;
    const res = await call(t, path, cookie, { body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(envelope('bad_request', 'A handle cannot be "." or ".."'));
    expect(t.providerRequests.length).toBe(sent);
    expect(await usageOf(t, user.id)).toBeUndefined();
  });
});

describe('a brand’s calls per minute', () => {
  it('the call past PROVIDER_BRAND_CALLS_PER_MINUTE gets 429 with Retry-After; cached answers stay free', async () => {
    const limited = await createTestApp({ settings: { PROVIDER_BRAND_CALLS_PER_MINUTE: '3' }, shareDatabaseWith: t });
    try {
      const { user, cookie } = await brandCookie(limited);
      for (const min of [1_001, 1_002, 1_003]) {
        const res = await call(limited, '/discovery/tiktok/search', cookie, { body: search(min) });
        expect(res.status, String(min)).toBe(200);
      }
      const sent = limited.providerRequests.length;
      const fourth = await call(limited, '/discovery/tiktok/search', cookie, { body: search(1_004) });
      expect(fourth.status).toBe(429);
      const retryAfter = Number(fourth.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await fourth.json()).toEqual(envelope('rate_limited', `Too many attempts; try again in ${retryAfter} s`));
      expect(limited.providerRequests.length).toBe(sent);
      expect(await usageOf(limited, user.id)).toMatchObject({ requests: 3 });

      const cached = await call(limited, '/discovery/tiktok/search', cookie, { body: search(1_001) });
      expect(cached.status).toBe(200);
      const other = await brandCookie(limited);
      expect((await call(limited, '/discovery/tiktok/search', other.cookie, { body: search(1_004) })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('a brand’s raw requests per day (issue 24.1: 80 raw searches in a row all answered 200)', () => {
  it('the 81st raw lookup of the day is refused with 429 credit_cap_reached until midnight', async () => {
    // The per-minute rate is raised so that only the daily cap (default 80) is in play.
    const fast = await createTestApp({
      settings: { PROVIDER_BRAND_CALLS_PER_MINUTE: '1000' },
      shareDatabaseWith: t,
    });
    try {
      const { user, cookie } = await brandCookie(fast);
      const lookup = (i: number) => call(fast, '/discovery/raw/ig/search', cookie, { body: { keyword: `kaffe${i}` } });
      for (let i = 1; i <= 80; i++) expect((await lookup(i)).status, `lookup ${i}`).toBe(200);
      const sent = fast.providerRequests.length;
      const refused = await lookup(81);
      const answered = new Date();
      expect(refused.status).toBe(429);
      expect(Math.abs(Number(refused.headers.get('Retry-After')) - secondsUntilTomorrow(answered))).toBeLessThan(5);
      expect(await refused.json()).toEqual(
        envelope('credit_cap_reached', "Today's raw requests (80) are spent; try again tomorrow"),
      );
      expect(fast.providerRequests.length).toBe(sent);
      expect(await usageOf(fast, user.id)).toMatchObject({ rawRequests: 80, requests: 80, creditHundredths: 0 });
      // Lookups answered within the hour are still served, free.
      const cached = await lookup(1);
      expect(cached.status).toBe(200);
      expect(((await cached.json()) as { meta: { cached: boolean } }).meta.cached).toBe(true);
    } finally {
      await fast.close();
    }
  });
});

describe('Kollab’s global daily budget (all brands together)', () => {
  it('refuses past PROVIDER_GLOBAL_DAILY_CREDITS / _RAW_REQUESTS and alerts the admins once per budget', async () => {
    const budget = await createTestApp({
      settings: {
        SMTP_URL: smtp.url,
        PROVIDER_GLOBAL_DAILY_CREDITS: '2',
        PROVIDER_GLOBAL_DAILY_RAW_REQUESTS: '1',
      },
    });
    try {
      const alva = await createUser(budget.db, { role: 'admin', locale: 'sv', fullName: 'Alva Admin' });
      const adam = await createUser(budget.db, { role: 'admin', locale: 'en', fullName: 'Adam Admin' });
      const away = await createUser(budget.db, { role: 'admin' });
      await budget.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, away.id));
      const brands = await Promise.all([1, 2, 3].map(() => brandCookie(budget)));
      const open = (cookie: string, report: string, body: unknown = {}) =>
        call(budget, `/discovery/${report}`, cookie, { body });
      const reports = ['instagram/reports/cleo.creates', 'instagram/reports/fjallkaffe', 'tiktok/reports/cleocreates'];

      // Three brands open three reports at once, 1 credit each, within a budget of 2: one is refused.
      const answers = await Promise.all(brands.map(({ cookie }, i) => open(cookie, reports[i] ?? '')));
      const statuses = answers.map((res) => res.status);
      const refusedIndex = statuses.indexOf(429);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      const refused = answers[refusedIndex] as Response;
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(60);
      expect(await refused.json()).toEqual(
        envelope('provider_budget_reached', "Kollab's provider credits for today are spent; try again tomorrow"),
      );
      // Another try by another brand: refused again, no second alert.
      const again = await open(brands[(refusedIndex + 1) % 3]?.cookie ?? '', 'youtube/reports/someone.else');
      expect(again.status).toBe(429);

      const day = stockholmDay();
      await settlePendingWork();
      const credits = smtp.messages.filter((mail) => mail.text.includes('PROVIDER_GLOBAL_DAILY_CREDITS'));
      expect(credits.map((mail) => mail.to).sort()).toEqual([adam.email, alva.email].sort());
      const swedish = credits.find((mail) => mail.to === alva.email);
      expect(swedish?.subject).toBe('Kollab: dagens budget hos dataleverantören är slut');
      expect(swedish?.text).toContain(`av dagens 2 krediter hos dataleverantören (${day})`);
      expect(swedish?.text).toContain('http://localhost:3000/app/admin/provider-usage');
      const english = credits.find((mail) => mail.to === adam.email);
      expect(english?.subject).toBe('Kollab: today’s data provider budget is spent');

      // Raw requests have their own budget (1): the second raw lookup is refused, with its own alert.
      const raw = (cookie: string, keyword: string) =>
        call(budget, '/discovery/raw/ig/search', cookie, { body: { keyword } });
      expect((await raw(brands[0]?.cookie ?? '', 'kaffe')).status).toBe(200);
      const rawRefused = await raw(brands[1]?.cookie ?? '', 'te');
      expect(rawRefused.status).toBe(429);
      expect(await rawRefused.json()).toEqual(
        envelope('provider_budget_reached', "Kollab's raw requests for today are spent; try again tomorrow"),
      );
      expect((await raw(brands[2]?.cookie ?? '', 'choklad')).status).toBe(429);
      await settlePendingWork();
      const alerts = smtp.messages.filter((mail) => [alva.email, adam.email, away.email].includes(mail.to));
      expect(alerts).toHaveLength(4);
      const aboutRaw = (mail: { text: string }) => mail.text.includes('raw requests') || mail.text.includes('råanrop');
      expect(alerts.filter(aboutRaw)).toHaveLength(2);

      const audit = await budget.db.select().from(auditLog).where(eq(auditLog.action, BUDGET_REACHED_ACTION));
      expect(audit.map((row) => [row.entityType, row.entityId, row.actorRole, row.actorId]).sort()).toEqual([
        ['provider_budget', `${day}:credits`, 'system', null],
        ['provider_budget', `${day}:rawRequests`, 'system', null],
      ]);
      expect(audit.find((row) => row.entityId.endsWith(':credits'))?.details).toEqual({
        day,
        scope: 'global',
        what: 'credits',
        limit: 2,
        spent: 2,
        refusedUserId: brands[refusedIndex]?.user.id,
      });

      // Admins are not refused (their spending still counts); cached reports stay free for brands.
      const adminCookie = await loginAs(budget.db, alva);
      const forAdmin = await open(adminCookie, 'instagram/reports/cleo.creates', { calculationMethod: 'average' });
      expect(forAdmin.status).toBe(200);
      expect(((await forAdmin.json()) as { meta: { credits: number } }).meta.credits).toBe(1);
      // The admins' status shows the day against the budget: two brands' reports, the admin's, one raw lookup.
      const status = (await (await call(budget, '/discovery/status', adminCookie)).json()) as { budget: unknown };
      expect(status.budget).toEqual({ spent: { credits: 3, rawRequests: 1 }, limit: { credits: 2, rawRequests: 1 } });
      const served = reports[statuses.indexOf(200)] ?? '';
      const cached = await open(brands[refusedIndex]?.cookie ?? '', served);
      expect(cached.status).toBe(200);
      expect(((await cached.json()) as { meta: { cached: boolean } }).meta.cached).toBe(true);
    } finally {
      await budget.close();
    }
  });
});
