import { deletionRequests, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let ipCounter = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  await t.db.insert(users).values({ email: 'Member@Example.se', role: 'creator', fullName: 'Member' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function post(path: string, body: unknown, ip = `10.1.0.${++ipCounter}`) {
  return t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
}

function requestsFor(email: string) {
  return t.db.select().from(deletionRequests).where(eq(deletionRequests.email, email));
}

function tokenFrom(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('POST /api/deletion-requests', () => {
  it('answers the same for an address with and without an account', async () => {
    const withAccount = await post('/api/deletion-requests', { email: 'member@example.se', locale: 'sv' });
    const without = await post('/api/deletion-requests', { email: 'stranger@example.se', locale: 'sv' });

    expect(withAccount.status).toBe(202);
    expect(without.status).toBe(202);
    expect(await withAccount.json()).toEqual({ status: 'received' });
    expect(await without.json()).toEqual({ status: 'received' });
    const memberMail = await smtp.waitForMail('member@example.se');
    const strangerMail = await smtp.waitForMail('stranger@example.se');
    expect(memberMail.subject).toBe(strangerMail.subject);
    expect(memberMail.text.replace(/token=\w+/, '')).toBe(strangerMail.text.replace(/token=\w+/, ''));
  });

  it('stores a pending public request due in 14 days, linked to the account when there is one', async () => {
    const before = Date.now();
    await post('/api/deletion-requests', { email: 'Due@Example.se', locale: 'en' });

    const [row] = await requestsFor('due@example.se');
    expect(row).toMatchObject({
      source: 'public',
      status: 'pending',
      userId: null,
      confirmedAt: null,
      completedAt: null,
    });
    const dueIn = (row?.dueAt.getTime() ?? 0) - before;
    expect(dueIn).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
    expect(dueIn).toBeLessThan(14 * DAY_MS + 60_000);
    const mail = await smtp.waitForMail('due@example.se');
    expect(mail.subject).toBe('Confirm that you want Kollab to delete your data');
    expect(mail.text).toContain('within 14 days');
    expect(smtp.linkIn(mail, '/en/data-deletion/confirm/')).toMatch(/\?token=[a-z2-7]{32}$/);

    const [member] = await requestsFor('member@example.se');
    const [account] = await t.db.select().from(users).where(eq(users.email, 'Member@Example.se'));
    expect(member?.userId).toBe(account?.id);
  });

  it('replaces the token of an unconfirmed request instead of adding another', async () => {
    await post('/api/deletion-requests', { email: 'twice@example.se' });
    const first = await smtp.waitForMail('twice@example.se');
    await post('/api/deletion-requests', { email: 'TWICE@example.se' });
    const second = await smtp.waitForMail('twice@example.se', (mail) => mail !== first);

    expect(await requestsFor('twice@example.se')).toHaveLength(1);
    expect(second.subject).toBe('Bekräfta att du vill att Kollab raderar dina uppgifter');
    expect(
      (await post('/api/deletion-requests/confirm', { token: tokenFrom(smtp.linkIn(first, 'token=')) })).status,
    ).toBe(404);
    expect(
      (await post('/api/deletion-requests/confirm', { token: tokenFrom(smtp.linkIn(second, 'token=')) })).status,
    ).toBe(200);
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-address' }, { email: ['invalid_email'] }],
    ['no e-mail', {}, { email: ['required'] }],
    ['an unknown locale', { email: 'x@example.se', locale: 'fi' }, { locale: ['invalid_locale'] }],
  ])('rejects %s with 422 and stores nothing', async (_case, body, fields) => {
    const res = await post('/api/deletion-requests', body);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields,
        requestId: res.headers.get('x-request-id'),
      },
    });
    expect(await t.db.select().from(deletionRequests).where(eq(deletionRequests.email, 'x@example.se'))).toEqual([]);
  });

  it('limits requests per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await post('/api/deletion-requests', { email: 'nope' }, '10.1.200.1')).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/deletion-requests/confirm', () => {
  it('confirms once; the reused link and a forged one are refused', async () => {
    await post('/api/deletion-requests', { email: 'confirm@example.se' });
    const token = tokenFrom(smtp.linkIn(await smtp.waitForMail('confirm@example.se'), '/radera-uppgifter/bekrafta/'));
    const [pending] = await requestsFor('confirm@example.se');

    const res = await post('/api/deletion-requests/confirm', { token });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'confirmed', dueAt: pending?.dueAt.toISOString() });
    const [row] = await requestsFor('confirm@example.se');
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect(row?.confirmTokenHash).toBeNull();
    for (const attempt of [token, 'forgedforgedforgedforgedforgedfo']) {
      const refused = await post('/api/deletion-requests/confirm', { token: attempt });
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

  it('starts a new request after a confirmed one instead of reopening it', async () => {
    await post('/api/deletion-requests', { email: 'again@example.se' });
    await post('/api/deletion-requests/confirm', {
      token: tokenFrom(smtp.linkIn(await smtp.waitForMail('again@example.se'), 'token=')),
    });

    await post('/api/deletion-requests', { email: 'again@example.se' });

    const rows = await requestsFor('again@example.se');
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.confirmedAt === null)).toHaveLength(1);
  });
});
