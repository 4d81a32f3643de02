import { gunzipSync, inflateSync } from 'node:zlib';
import { stockholmDay } from '@kollab/contract/stockholm-date';
import { providerCache, providerUsage } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { cacheKey } from './cache.ts';
import { SAMPLE_PROVIDER_KEY } from './provider.ts';
import { flushCacheHits, secondsUntilTomorrow } from './usage.ts';

let t: TestApp;
let smtp: TestSmtp;
let brand: Awaited<ReturnType<typeof createUser>>;
let brandCookie: string;
let adminCookie: string;
let creatorCookie: string;
/** The Swedish day when this file began: usage booked since then is on it or, past midnight, on today. */
let firstDay: string;

beforeAll(async () => {
  firstDay = stockholmDay();
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  brand = await createUser(t.db, { role: 'brand' });
  await createBrandProfile(t.db, brand.id, { companyName: 'Fjällkaffe AB' });
  brandCookie = await loginAs(t.db, brand);
  adminCookie = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
  creatorCookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The sample provider's own answer to the same call, fetched directly over HTTP. */
async function direct(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${t.providerUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${SAMPLE_PROVIDER_KEY}`, 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(200);
  const { error: _error, ...body } = (await res.json()) as Record<string, unknown>;
  return body;
}

function api(path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  return t.app.request(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: jsonHeaders(cookie),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function usageOf(userId: string) {
  const [row] = await t.db.select().from(providerUsage).where(eq(providerUsage.userId, userId));
  return row;
}

const swedenSearch = {
  page: 0,
  sort: { field: 'followers', direction: 'desc' },
  filter: { influencer: { followers: { min: 5_000, max: 50_000 } } },
};

describe('who may use discovery', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/discovery/status'],
    ['POST', '/discovery/instagram/search', swedenSearch],
    ['POST', '/discovery/instagram/search/quote', swedenSearch],
    ['GET', '/discovery/instagram/reports/cleo.creates'],
    ['POST', '/discovery/instagram/reports/cleo.creates', {}],
    ['POST', '/discovery/instagram/overlap', { influencers: ['cleo.creates', 'fjallkaffe'] }],
    ['GET', '/discovery/instagram/dictionaries/locations?query=swe'],
    ['POST', '/discovery/instagram/performance', { url: 'cleo.creates' }],
    ['POST', '/discovery/email-search', { emails: ['someone@example.com'] }],
    ['POST', '/discovery/raw/ig/user-info', { url: 'cleo.creates' }],
    [
      'POST',
      '/discovery/invitations',
      { campaignId: 'x', platform: 'instagram', userId: '1', username: 'cleo.creates' },
    ],
  ];

  it.each(routes)('%s %s: anonymous → 401, creator → 404', async (method, path, body) => {
    const anonymous = await t.app.request(`/api${path}`, {
      method,
      headers: jsonHeaders(),
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    const creator = await api(path, creatorCookie, { method, body });
    expect(creator.status).toBe(404);
    expect(((await creator.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});

describe('status', () => {
  it('says the sample provider is in use, with its balance and what the brand spent today', async () => {
    const res = await api('/discovery/status', brandCookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const info = await direct('/user/info');
    expect(body).toEqual({
      sample: true,
      account: {
        credits: (info.billing as { credits: number }).credits,
        rawRequests: (info.billing as { rawRequests: number }).rawRequests,
      },
      today: { credits: 0, rawRequests: 0 },
      dailyCreditCap: 50,
      dailyRawCap: 80,
      budget: null,
    });
  });

  it('admins have no daily cap, and see what everyone spent today against the global budget', async () => {
    const rows = await t.db.select().from(providerUsage).where(eq(providerUsage.day, stockholmDay()));
    const body = (await (await api('/discovery/status', adminCookie)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      dailyCreditCap: null,
      dailyRawCap: null,
      budget: {
        spent: {
          credits: rows.reduce((sum, row) => sum + row.creditHundredths, 0) / 100,
          rawRequests: rows.reduce((sum, row) => sum + row.rawRequests, 0),
        },
        limit: { credits: 300, rawRequests: 1000 },
      },
    });
  });
});

describe('search', () => {
  it('answers what the provider answers, then serves the same page from the cache for free', async () => {
    const searcher = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, searcher);
    const expected = await direct('/instagram/search', { method: 'POST', body: JSON.stringify(swedenSearch) });
    const hits = (expected.lookalikes as unknown[]).length + (expected.directs as unknown[]).length;
    expect(hits).toBeGreaterThan(0);

    const quote = await api('/discovery/instagram/search/quote', cookie, { method: 'POST', body: swedenSearch });
    expect(await quote.json()).toEqual({ cached: false, credits: 0.15 });

    const first = await api('/discovery/instagram/search', cookie, { method: 'POST', body: swedenSearch });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { data: unknown; meta: Record<string, unknown> };
    expect(firstBody.data).toEqual(expected);
    expect(firstBody.meta).toMatchObject({ cached: false, credits: hits / 100, rawRequests: 0, sample: true });

    // Same filters in another key order: the same cache entry.
    const reordered = { filter: swedenSearch.filter, sort: { direction: 'desc', field: 'followers' } };
    const second = await api('/discovery/instagram/search', cookie, { method: 'POST', body: reordered });
    const secondBody = (await second.json()) as { data: unknown; meta: Record<string, unknown> };
    expect(secondBody.data).toEqual(expected);
    expect(secondBody.meta).toEqual({ ...firstBody.meta, cached: true, credits: 0 });
    const quoted = await api('/discovery/instagram/search/quote', cookie, { method: 'POST', body: reordered });
    expect(await quoted.json()).toEqual({ cached: true, credits: 0 });

    const usage = await usageOf(searcher.id);
    expect(usage).toMatchObject({ day: stockholmDay(), creditHundredths: hits, requests: 1, rawRequests: 0 });
  });

  it('refresh fetches again and costs again', async () => {
    const searcher = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, searcher);
    const body = { filter: { influencer: { followers: { min: 20_000 } } } };
    await api('/discovery/tiktok/search', cookie, { method: 'POST', body });
    const again = await api('/discovery/tiktok/search', cookie, { method: 'POST', body: { ...body, refresh: true } });
    const { meta } = (await again.json()) as { meta: { cached: boolean; credits: number } };
    expect(meta.cached).toBe(false);
    expect(meta.credits).toBeGreaterThan(0);
    expect((await usageOf(searcher.id))?.requests).toBe(2);
  });

  it('rejects a malformed body before spending anything', async () => {
    const searcher = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, searcher);
    const bad = [
      { filter: { influencer: { engagementRate: { min: 0.02 } } } },
      { filter: { influencer: { followers: { min: 50_000, max: 1_000 } } } },
      { filter: {}, sort: { field: 'reelsPlays' } },
      { filter: {}, sort: { field: 'audienceGeo' } },
      { filter: { influencer: { unknownFilter: true } } },
      { page: -1, filter: {} },
    ];
    for (const body of bad) {
      const res = await api('/discovery/tiktok/search', cookie, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
    const platform = await api('/discovery/facebook/search', cookie, { method: 'POST', body: swedenSearch });
    expect(platform.status).toBe(422);
    expect(await usageOf(searcher.id)).toBeUndefined();
  });
});

describe('reports', () => {
  it('fetch once for ten simultaneous requests, then from the cache (0 credits) until refreshed', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, reader);
    const expected = await direct('/instagram/profile/fjallkaffe/report');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('/discovery/instagram/reports/fjallkaffe', cookie, { method: 'POST', body: {} }),
      ),
    );
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as {
      data: unknown;
      meta: { cached: boolean; credits: number };
    }[];
    for (const body of bodies) expect(body.data).toEqual(expected);
    expect(bodies.filter((body) => body.meta.credits === 1)).toHaveLength(1);
    // The other nine shared the call in flight, or (arriving after it was stored) read the cache.
    await flushCacheHits(t.db);
    const afterBurst = await usageOf(reader.id);
    expect(afterBurst).toMatchObject({ requests: 1, creditHundredths: 100 });
    expect(afterBurst?.cacheHits).toBeLessThanOrEqual(9);

    const cached = await api('/discovery/instagram/reports/@FjallKaffe', cookie, { method: 'POST', body: {} });
    const cachedBody = (await cached.json()) as { meta: { cached: boolean; credits: number; fetchedAt: string } };
    expect(cachedBody.meta).toMatchObject({ cached: true, credits: 0 });
    await flushCacheHits(t.db);
    expect(await usageOf(reader.id)).toMatchObject({
      requests: 1,
      creditHundredths: 100,
      cacheHits: (afterBurst?.cacheHits ?? 0) + 1,
    });

    const refreshed = await api('/discovery/instagram/reports/fjallkaffe', cookie, {
      method: 'POST',
      body: { refresh: true },
    });
    const refreshedBody = (await refreshed.json()) as { meta: { cached: boolean; credits: number; fetchedAt: string } };
    expect(refreshedBody.meta).toMatchObject({ cached: false, credits: 1 });
    expect(refreshedBody.meta.fetchedAt > cachedBody.meta.fetchedAt).toBe(true);
    expect(await usageOf(reader.id)).toMatchObject({ requests: 2, creditHundredths: 200 });
  });

  it('GET answers from the cache or 204, never calling the provider', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, reader);
    const missing = await api('/discovery/tiktok/reports/fjallkaffe', cookie);
    expect(missing.status).toBe(204);
    expect(await missing.text()).toBe('');
    expect(await usageOf(reader.id)).toBeUndefined();
    const cached = await api('/discovery/instagram/reports/fjallkaffe', cookie);
    expect(cached.status).toBe(200);
    const body = (await cached.json()) as { data: unknown; meta: { cached: boolean; credits: number } };
    expect(body.data).toEqual(await direct('/instagram/profile/fjallkaffe/report'));
    expect(body.meta).toMatchObject({ cached: true, credits: 0 });
  });

  it('serves a cached report as the same JSON gzipped or not, and sees a refresh made by another instance', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const path = '/api/discovery/instagram/reports/cleo.creates';
    const get = (acceptEncoding?: string) =>
      t.app.request(path, {
        headers: { ...jsonHeaders(cookie), ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
      });
    const open = () => t.app.request(path, { method: 'POST', headers: jsonHeaders(cookie), body: '{}' });
    const fetched = (await (await open()).json()) as { data: Record<string, unknown>; meta: { fetchedAt: string } };
    expect(fetched.data).toEqual(await direct('/instagram/profile/cleo.creates/report'));
    const expected = {
      data: fetched.data,
      meta: { cached: true, fetchedAt: fetched.meta.fetchedAt, credits: 0, rawRequests: 0, sample: true },
    };

    for (let round = 0; round < 2; round++) {
      const plain = await get();
      expect(plain.headers.get('content-type')).toBe('application/json');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(await plain.clone().text()));
      expect(await plain.json()).toEqual(expected);
      const gzipped = await get('gzip, deflate, br');
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
      expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8'))).toEqual(expected);
      const deflated = await get('deflate');
      expect(deflated.headers.get('content-encoding')).toBe('deflate');
      expect(JSON.parse(inflateSync(Buffer.from(await deflated.arrayBuffer())).toString('utf8'))).toEqual(expected);
    }

    // Another API instance refreshed the report: this one must not keep serving what it prepared before.
    const key = cacheKey('report', 'instagram', { handle: 'cleo.creates', calculationMethod: 'median' });
    const later = new Date(Date.parse(fetched.meta.fetchedAt) + 60_000);
    const updated = { ...fetched.data, refreshedElsewhere: true };
    await t.db.update(providerCache).set({ response: updated, fetchedAt: later }).where(eq(providerCache.key, key));
    const afterRefresh = await get('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await afterRefresh.arrayBuffer())).toString('utf8'))).toEqual({
      data: updated,
      meta: { ...expected.meta, fetchedAt: later.toISOString() },
    });

    // Expired (or purged) elsewhere: a GET finds nothing, opening it fetches again, for a credit.
    await t.db
      .update(providerCache)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(providerCache.key, key));
    expect((await get()).status).toBe(204);
    const refetched = (await (await open()).json()) as { meta: { cached: boolean; credits: number } };
    expect(refetched.meta).toMatchObject({ cached: false, credits: 1 });
  });

  it('an unknown handle is a 404 and costs nothing', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const res = await api('/discovery/youtube/reports/no-such-handle-zz9', await loginAs(t.db, reader), {
      method: 'POST',
      body: {},
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await usageOf(reader.id)).toMatchObject({ requests: 1, creditHundredths: 0 });
  });

  it('a bad handle never reaches the provider', async () => {
    const res = await api(`/discovery/instagram/reports/${encodeURIComponent('a b/../c')}`, brandCookie, {
      method: 'POST',
      body: {},
    });
    expect([404, 422]).toContain(res.status);
  });
});

describe('the daily credit cap', () => {
  it('stops a brand at the cap with 429 and Retry-After, even under concurrency', async () => {
    const capped = await createTestApp({ settings: { PROVIDER_DAILY_CREDIT_CAP: '2' }, shareDatabaseWith: t });
    try {
      const spender = await createUser(t.db, { role: 'brand' });
      const cookie = await loginAs(t.db, spender);
      // Four different reports at once, 1 credit each booked up front: only two may go out.
      const reports: [string, unknown][] = [
        ['tiktok/reports/cleocreates', {}],
        ['tiktok/reports/cleocreates', { calculationMethod: 'average' }],
        ['instagram/reports/cleo.creates', { calculationMethod: 'average' }],
        ['instagram/reports/fjallkaffe', { calculationMethod: 'average' }],
      ];
      const open = ([path, body]: [string, unknown]) =>
        capped.app.request(`/api/discovery/${path}`, {
          method: 'POST',
          headers: jsonHeaders(cookie),
          body: JSON.stringify(body),
        });
      const sent = new Date();
      const answers = await Promise.all(reports.map(open));
      const answered = new Date();
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 429, 429]);
      const refused = answers.filter((res) => res.status === 429);
      for (const res of refused) {
        // Until the Swedish day ends, as counted between sending and answering.
        const retryAfter = Number(res.headers.get('Retry-After'));
        expect(retryAfter).toBeGreaterThanOrEqual(secondsUntilTomorrow(answered) - 1);
        expect(retryAfter).toBeLessThanOrEqual(secondsUntilTomorrow(sent) + 1);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('credit_cap_reached');
      }
      expect((await usageOf(spender.id))?.creditHundredths).toBe(200);
      // Cached answers stay free and allowed past the cap.
      const served = reports[answers.findIndex((res) => res.status === 200)];
      const cached = await open(served ?? ['', {}]);
      expect(cached.status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('overlap, dictionaries, performance, e-mail search and raw lookups', () => {
  it('overlap answers the provider’s comparison and validates the list', async () => {
    const expected = await direct('/instagram/reports/audience/overlap', {
      method: 'POST',
      body: JSON.stringify({ influencers: ['cleo.creates', 'fjallkaffe'] }),
    });
    const res = await api('/discovery/instagram/overlap', brandCookie, {
      method: 'POST',
      body: { influencers: ['cleo.creates', 'fjallkaffe'] },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual(expected);
    for (const influencers of [['only-one'], Array.from({ length: 11 }, (_, i) => `h${i}`), ['a', 'A']]) {
      const bad = await api('/discovery/instagram/overlap', brandCookie, { method: 'POST', body: { influencers } });
      expect(bad.status).toBe(422);
    }
    const tiktok = await api('/discovery/tiktok/overlap', brandCookie, {
      method: 'POST',
      body: { influencers: ['cleocreates', 'someone'] },
    });
    expect(tiktok.status).toBe(422);
  });

  it('dictionaries are free and per platform', async () => {
    const expected = await direct('/instagram/locations?query=swe&limit=5');
    const res = await api('/discovery/instagram/dictionaries/locations?query=Swe&limit=5', brandCookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown; meta: { credits: number } };
    expect(body.data).toEqual(expected);
    expect(body.meta.credits).toBe(0);
    const brands = await api('/discovery/tiktok/dictionaries/brands', brandCookie);
    expect(brands.status).toBe(422);
  });

  it('performance data costs a quarter credit', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const res = await api('/discovery/instagram/performance', await loginAs(t.db, reader), {
      method: 'POST',
      body: { url: 'cleo.creates' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown; meta: { credits: number } };
    expect(body.data).toEqual(await direct('/instagram/performance-data?url=cleo.creates'));
    expect(body.meta.credits).toBe(0.25);
  });

  it('e-mail search is billed per match and never cached', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, reader);
    const emails = ['nobody-at-all@example.org'];
    const res = await api('/discovery/email-search', cookie, { method: 'POST', body: { emails } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown; meta: { cached: boolean } };
    expect(body.data).toEqual(await direct('/email-search', { method: 'POST', body: JSON.stringify({ emails }) }));
    const again = (await (
      await api('/discovery/email-search', cookie, { method: 'POST', body: { emails } })
    ).json()) as {
      meta: { cached: boolean };
    };
    expect(again.meta.cached).toBe(false);
    const invalid = await api('/discovery/email-search', cookie, {
      method: 'POST',
      body: { emails: ['not an email'] },
    });
    expect(invalid.status).toBe(422);
  });

  it('raw lookups cost one raw request and check their parameters first', async () => {
    const reader = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, reader);
    const raw = (path: string, body: unknown) => api(`/discovery/raw/${path}`, cookie, { method: 'POST', body });
    const res = await raw('ig/user-info', { url: 'cleo.creates' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown; meta: { rawRequests: number; credits: number } };
    expect(body.data).toEqual(await direct('/raw/ig/user-info?url=cleo.creates'));
    expect(body.meta).toMatchObject({ rawRequests: 1, credits: 0 });
    expect((await usageOf(reader.id))?.rawRequests).toBe(1);

    const missing = await raw('ig/user-feed', {});
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty(
      'url',
    );
    const unknownParam = await raw('ig/user-info', { url: 'x', evil: '1' });
    expect(unknownParam.status).toBe(422);
    const unknownEndpoint = await raw('ig/delete-everything', { url: 'x' });
    expect(unknownEndpoint.status).toBe(404);
    expect((await usageOf(reader.id))?.rawRequests).toBe(1);
  });
});

describe('provider failures', () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ['a 503 after the retries', { SAMPLE_PROVIDER_FAULTS: 'status=503' }, 502, 'provider_error'],
    ['a 500', { SAMPLE_PROVIDER_FAULTS: 'status=500' }, 502, 'provider_error'],
    ['a generic 418', { SAMPLE_PROVIDER_FAULTS: 'status=418' }, 502, 'provider_error'],
    ['the provider’s rate limit', { SAMPLE_PROVIDER_FAULTS: 'status=429' }, 429, 'rate_limited'],
    ['malformed JSON', { SAMPLE_PROVIDER_FAULTS: 'malformed' }, 502, 'provider_error'],
    ['no answer in time', { SAMPLE_PROVIDER_FAULTS: 'hang', PROVIDER_TIMEOUT_MS: '200' }, 504, 'provider_timeout'],
  ];

  it.each(cases)(
    '%s → %i %s in the envelope, nothing cached, nothing billed',
    async (_name, settings, status, code) => {
      const faulty = await createTestApp({ settings, shareDatabaseWith: t });
      try {
        const reader = await createUser(t.db, { role: 'brand' });
        const cookie = await loginAs(t.db, reader);
        const res = await faulty.app.request('/api/discovery/instagram/reports/cleo.creates', {
          method: 'POST',
          headers: jsonHeaders(cookie),
          body: JSON.stringify({ refresh: true }),
        });
        expect(res.status).toBe(status);
        const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
        expect(body.error.code).toBe(code);
        expect(body.error.message).not.toMatch(/stack|at \w+ \(/);
        expect((await usageOf(reader.id))?.creditHundredths).toBe(0);
      } finally {
        await faulty.close();
      }
    },
  );
});

describe('inviting a found influencer', () => {
  it('invites a Kollab creator with that handle, once; others get an e-mail draft', async () => {
    const creator = await createUser(t.db, { role: 'creator', locale: 'en' });
    const { creatorProfiles } = await import('@kollab/db/schema');
    await t.db
      .update(creatorProfiles)
      .set({ instagramHandle: 'Found.Creator', instagramFollowers: 9_000, categories: ['food'] })
      .where(eq(creatorProfiles.userId, creator.id));
    const campaign = await createCampaign(t.db, brand.id);
    const invite = (username: string, cookie = brandCookie, campaignId = campaign.id) =>
      api('/discovery/invitations', cookie, {
        method: 'POST',
        body: { campaignId, platform: 'instagram', userId: '123', username },
      });

    const res = await invite('@found.creator');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { invited: boolean; invitation: Record<string, string> };
    expect(body.invited).toBe(true);
    expect(body.invitation).toMatchObject({ campaignId: campaign.id, creatorId: creator.id });
    expect(new Date(String(body.invitation.respondBy)).getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);
    const mail = await smtp.waitForMail(creator.email);
    expect(mail.subject).toBeTruthy();

    expect((await invite('found.creator')).status).toBe(409);

    const draft = await invite('not.on.kollab');
    expect(await draft.json()).toEqual({
      invited: false,
      emailDraft: {
        subject: `Samarbete med Fjällkaffe AB: ${campaign.title}`,
        body: expect.stringContaining('http://localhost:3000/app/register'),
      },
    });

    const otherBrand = await createUser(t.db, { role: 'brand' });
    expect((await invite('found.creator', await loginAs(t.db, otherBrand))).status).toBe(404);
    const draftCampaign = await createCampaign(t.db, brand.id, { status: 'draft' });
    expect((await invite('found.creator', brandCookie, draftCampaign.id)).status).toBe(409);
  });
});

describe('admin provider usage', () => {
  it('lists credits per user and day, filters, exports, and is admin-only', async () => {
    const res = await api(
      `/admin/provider-usage?q=${encodeURIComponent(brand.email)}&sort=credits&order=desc`,
      adminCookie,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown>[]; total: number };
    expect(body.total).toBe(body.data.length);
    for (const row of body.data)
      expect(row).toMatchObject({ userId: brand.id, userEmail: brand.email, brandName: 'Fjällkaffe AB' });

    const all = (await (await api('/admin/provider-usage?pageSize=100', adminCookie)).json()) as {
      data: { credits: number; day: string }[];
      total: number;
    };
    expect(all.total).toBeGreaterThan(3);
    const days = [firstDay, stockholmDay()];
    expect(all.data.every((row) => days.includes(row.day))).toBe(true);

    const csv = await api('/admin/provider-usage/export', adminCookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('Content-Type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe(
      '"day","user_id","user_email","role","brand_name","credits","raw_requests","requests","cache_hits"',
    );

    expect((await api('/admin/provider-usage?sort=secret', adminCookie)).status).toBe(422);
    expect((await api('/admin/provider-usage?from=yesterday', adminCookie)).status).toBe(422);
    expect((await api('/admin/provider-usage', brandCookie)).status).toBe(403);
  });
});
