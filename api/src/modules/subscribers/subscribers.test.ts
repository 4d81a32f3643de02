import { subscribers, users, withdrawals } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign } from '../../../test/support/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let ipCounter = 0;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * Each call comes from its own client IP unless one is given, so per-IP limits stay out of the way.
 * Resolves once the work the answer leaves for later (storing a subscription, its mail) is done too.
 */
async function post(path: string, body: unknown, ip = `10.0.0.${++ipCounter}`) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  await t.settle();
  return res;
}

const valid = {
  email: 'anna@example.se',
  marketingConsent: true,
  consentVersion: '2026-11-01',
  instagramName: '@Anna.Creates',
  categories: ['beauty', 'fitness'],
  locale: 'sv',
};

function rowsFor(email: string) {
  return t.db
    .select()
    .from(subscribers)
    .where(eq(sql`lower(${subscribers.email})`, email.toLowerCase()));
}

function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('POST /api/subscribers', () => {
  it('stores an unconfirmed subscriber with its consent and mails a confirmation link', async () => {
    const before = Date.now();
    const res = await post('/api/subscribers', valid);

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'pending_confirmation' });
    const [row] = await rowsFor('anna@example.se');
    expect(row).toMatchObject({
      email: 'anna@example.se',
      instagramName: 'anna.creates',
      tiktokName: null,
      categories: ['beauty', 'fitness'],
      consentVersion: '2026-11-01',
      locale: 'sv',
      confirmedAt: null,
      unsubscribedAt: null,
    });
    expect(row?.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const mail = await smtp.waitForMail('anna@example.se');
    expect(mail.subject).toBe('Bekräfta din prenumeration på Kollab');
    expect(smtp.linkIn(mail, '/prenumerera/bekrafta/')).toMatch(
      /^http:\/\/localhost:3000\/prenumerera\/bekrafta\/\?token=[a-z2-7]{32}$/,
    );
    expect(smtp.linkIn(mail, '/avsluta-prenumeration/')).toMatch(
      /^http:\/\/localhost:3000\/avsluta-prenumeration\/\?token=[a-z2-7]{32}$/,
    );
  });

  it('writes English mails with English links for an English subscriber', async () => {
    const res = await post('/api/subscribers', {
      ...valid,
      email: 'ella@example.com',
      instagramName: undefined,
      tiktokName: 'ella_eats',
      locale: 'en',
    });

    expect(res.status).toBe(202);
    const mail = await smtp.waitForMail('ella@example.com');
    expect(mail.subject).toBe('Confirm your Kollab subscription');
    expect(smtp.linkIn(mail, '/en/subscribe/confirm/')).toContain('?token=');
    expect(smtp.linkIn(mail, '/en/unsubscribe/')).toContain('?token=');
    const [row] = await rowsFor('ella@example.com');
    expect(row).toMatchObject({ instagramName: null, tiktokName: 'ella_eats', locale: 'en' });
  });

  it('updates the same record when the address subscribes again in other letter case', async () => {
    await post('/api/subscribers', { ...valid, email: 'Dup@Example.se' });
    const first = await smtp.waitForMail('dup@example.se');

    const res = await post('/api/subscribers', {
      ...valid,
      email: 'DUP@example.SE',
      instagramName: '',
      tiktokName: 'dupdup',
      categories: ['music'],
      locale: 'en',
    });

    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'pending_confirmation' });
    const rows = await rowsFor('dup@example.se');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ instagramName: null, tiktokName: 'dupdup', categories: ['music'], locale: 'en' });
    const second = await smtp.waitForMail('dup@example.se', (mail) => mail !== first);
    expect(second.subject).toBe('Confirm your Kollab subscription');
    // The first mail's confirmation link was replaced by the second's.
    const stale = await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(first, '/bekrafta/')) });
    expect(stale.status).toBe(404);
    const fresh = await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(second, '/confirm')) });
    expect(fresh.status).toBe(200);
  });

  // A confirmed address subscribing again: subscribers.changes.test.ts.

  const field = (name: string, messages: string[]) => ({ [name]: messages });
  it.each([
    ['missing consent', { marketingConsent: undefined }, field('marketingConsent', ['consent_required'])],
    ['consent not given', { marketingConsent: false }, field('marketingConsent', ['consent_required'])],
    ['unknown consent version', { consentVersion: '1999-01-01' }, field('consentVersion', ['invalid_consent_version'])],
    [
      'neither handle',
      { instagramName: undefined, tiktokName: '  ' },
      { instagramName: ['handle_required'], tiktokName: ['handle_required'] },
    ],
    ['a handle with spaces', { instagramName: 'anna creates' }, field('instagramName', ['invalid_handle'])],
    [
      'a TikTok link as Instagram name',
      { instagramName: 'https://tiktok.com/@anna' },
      field('instagramName', ['invalid_handle']),
    ],
    ['no categories', { categories: [] }, field('categories', ['categories_required'])],
    ['missing categories', { categories: undefined }, field('categories', ['categories_required'])],
    ['an unknown category', { categories: ['knitting'] }, field('categories.0', ['invalid_category'])],
    ['a repeated category', { categories: ['pets', 'pets'] }, field('categories', ['duplicate_category'])],
    ['bad e-mail', { email: 'anna@' }, field('email', ['invalid_email'])],
    ['missing e-mail', { email: undefined }, field('email', ['required'])],
    ['unknown locale', { locale: 'de' }, field('locale', ['invalid_locale'])],
  ])('rejects %s with 422 naming the field and stores nothing', async (_case, change, fields) => {
    const email = `bad-${++ipCounter}@example.se`;
    const res = await post('/api/subscribers', { ...valid, email, ...change });

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields,
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(await rowsFor(email)).toEqual([]);
    expect(await rowsFor(String((change as { email?: string }).email ?? email))).toEqual([]);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await t.app.request('/api/subscribers', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.9.9.9' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
  });

  it('limits attempts per IP and says when to try again', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const res = await post('/api/subscribers', { email: 'x' }, '10.200.0.1');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toEqual({
          error: {
            code: 'rate_limited',
            message: expect.stringMatching(/^Too many attempts; try again in \d+ s$/),
            requestId: res.headers.get('x-request-id'),
          },
        });
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await post('/api/subscribers', { email: 'x' }, '10.200.0.2')).status).toBe(422);
  });
});

describe('POST /api/subscribers/confirm', () => {
  it('confirms once; the reused link and a forged one are refused', async () => {
    await post('/api/subscribers', { ...valid, email: 'confirm@example.se' });
    const token = tokenFrom(smtp.linkIn(await smtp.waitForMail('confirm@example.se'), '/bekrafta/'));

    const res = await post('/api/subscribers/confirm', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'confirmed' });
    const [row] = await rowsFor('confirm@example.se');
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.confirmTokenHash).toBeNull();

    for (const attempt of [token, 'forgedtokenforgedtokenforgedtoke']) {
      const refused = await post('/api/subscribers/confirm', { token: attempt });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'Confirmation link is invalid, expired or already used',
          requestId: refused.headers.get('x-request-id'),
        },
      });
    }
  });

  it('rejects an empty token', async () => {
    const res = await post('/api/subscribers/confirm', { token: '' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields: { token: ['required'] },
        requestId: res.headers.get('x-request-id'),
      },
    });
  });
});

describe('POST /api/subscribers/unsubscribe', () => {
  it('unsubscribes with the link from the mail, erasing the profile details, again without harm, and refuses a forged token', async () => {
    await post('/api/subscribers', { ...valid, email: 'leave@example.se' });
    const mail = await smtp.waitForMail('leave@example.se');
    await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(mail, '/bekrafta/')) });
    const token = tokenFrom(smtp.linkIn(mail, '/avsluta-prenumeration/'));

    const res = await post('/api/subscribers/unsubscribe', { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'unsubscribed' });
    const [row] = await rowsFor('leave@example.se');
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ instagramName: null, tiktokName: null, categories: [], consentVersion: '2026-11-01' });

    const again = await post('/api/subscribers/unsubscribe', { token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'unsubscribed' });

    const forged = await post('/api/subscribers/unsubscribe', {
      token: `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`,
    });
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'Unsubscribe link is invalid',
        requestId: forged.headers.get('x-request-id'),
      },
    });
  });

  it('needs a new confirmation after unsubscribing and subscribing again', async () => {
    await post('/api/subscribers', { ...valid, email: 'back@example.se' });
    const first = await smtp.waitForMail('back@example.se');
    await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(first, '/bekrafta/')) });
    await post('/api/subscribers/unsubscribe', { token: tokenFrom(smtp.linkIn(first, '/avsluta-prenumeration/')) });

    await post('/api/subscribers', { ...valid, email: 'back@example.se' });

    const [row] = await rowsFor('back@example.se');
    expect(row).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    const second = await smtp.waitForMail('back@example.se', (mail) => mail !== first);
    expect(second.subject).toBe('Bekräfta din prenumeration på Kollab');
  });
});

describe('GET /api/site-stats', () => {
  it('counts active creators and brands, live campaigns, paid-out withdrawals and confirmed subscribers', async () => {
    const [creator, , , brand] = await t.db
      .insert(users)
      .values([
        { email: 'c1@example.se', role: 'creator', fullName: 'C One' },
        { email: 'c2@example.se', role: 'creator', fullName: 'C Two' },
        { email: 'c3@example.se', role: 'creator', fullName: 'C Three', suspendedAt: new Date() },
        { email: 'b1@example.se', role: 'brand', fullName: 'B One' },
      ])
      .returning();
    if (!creator || !brand) throw new Error('users not created');
    for (const status of ['published', 'paused', 'draft', 'cancelled'] as const) {
      await createCampaign(t.db, brand.id, { status });
    }
    const withdrawal = {
      userId: creator.id,
      paymentMethodType: 'swish',
      paymentMethodMasked: 'Swish •••• 4567',
    } as const;
    await t.db.insert(withdrawals).values([
      { ...withdrawal, amountOre: 240_000, status: 'paid' },
      { ...withdrawal, amountOre: 60_050, status: 'paid' },
      { ...withdrawal, amountOre: 99_900, status: 'requested' },
      { ...withdrawal, amountOre: 10_000, status: 'rejected' },
    ]);
    const confirmed = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscribers)
      .where(sql`${subscribers.confirmedAt} is not null and ${subscribers.unsubscribedAt} is null`);

    const res = await t.app.request('/api/site-stats');

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      creators: 2,
      brands: 1,
      campaigns: 2,
      paidOut: { amount: 300_050, currency: 'SEK' },
      subscribers: confirmed[0]?.n,
    });
  });
});
