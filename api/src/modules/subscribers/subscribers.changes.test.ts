import { subscriberChanges, subscriberConsentEvents, subscribers } from '@kollab/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import type { ReceivedMail } from '../../../test/support/smtp.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/*
 * A confirmed subscription changes only when the owner confirms from the mailbox: anyone can send
 * the form with someone else's address, so what it asks for is held until then (ADR 006).
 */

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

/** A post from a fresh client IP; resolves once the work the answer leaves for later is done too. */
async function post(path: string, body: unknown) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.1.0.${++ipCounter}` },
    body: JSON.stringify(body),
  });
  await t.settle();
  return res;
}

const original = {
  marketingConsent: true,
  consentVersion: '2026-11-01',
  instagramName: 'anna.creates',
  categories: ['beauty', 'fitness'],
  locale: 'sv',
};
const takeover = {
  marketingConsent: true,
  consentVersion: '2026-11-01',
  instagramName: '',
  tiktokName: 'someone.else',
  categories: ['gaming', 'tech'],
  locale: 'en',
};

const tokenFrom = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function rowFor(email: string) {
  const [row] = await t.db
    .select()
    .from(subscribers)
    .where(eq(sql`lower(${subscribers.email})`, email));
  if (!row) throw new Error(`no subscriber ${email}`);
  return row;
}

async function historyOf(email: string) {
  const { id } = await rowFor(email);
  const events = await t.db
    .select()
    .from(subscriberConsentEvents)
    .where(eq(subscriberConsentEvents.subscriberId, id))
    .orderBy(asc(subscriberConsentEvents.id));
  return events.map(({ kind, consentVersion, locale, source }) => ({ kind, consentVersion, locale, source }));
}

/** Subscribes `email` and confirms it from the mail; returns that mail. */
async function confirmedSubscriber(email: string): Promise<ReceivedMail> {
  expect((await post('/api/subscribers', { ...original, email })).status).toBe(202);
  const mail = await smtp.waitForMail(email);
  expect((await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(mail, '/bekrafta/')) })).status).toBe(
    200,
  );
  return mail;
}

/** Sends the form for a confirmed `email` and returns the change mail it causes. */
async function requestChange(email: string, body: object, after: ReceivedMail[]): Promise<ReceivedMail> {
  const res = await post('/api/subscribers', { ...body, email });
  expect(res.status).toBe(202);
  expect(await res.json()).toEqual({ status: 'pending_confirmation' });
  return smtp.waitForMail(email, (mail) => !after.includes(mail));
}

describe('subscribing again with a confirmed address', () => {
  it('changes nothing until the owner confirms from the mail; then the details change and the consent history has both', async () => {
    const email = 'owner@example.se';
    const first = await confirmedSubscriber(email);
    const before = await rowFor(email);

    const mail = await requestChange(email, takeover, [first]);

    // The answer is the one a new address gets; the stored subscription is untouched.
    expect(await rowFor(email)).toEqual(before);
    expect(mail.subject).toBe('Bekräfta ändringen av din prenumeration på Kollab');
    expect(mail.text).toContain('TikTok: @someone.else\nKategorier: Gaming, Teknik');
    expect(mail.text).toContain('ingenting ändras');
    const link = smtp.linkIn(mail, '/prenumerera/bekrafta/');
    expect(link).toMatch(/^http:\/\/localhost:3000\/prenumerera\/bekrafta\/\?token=[a-z2-7]{32}$/);
    expect(smtp.linkIn(mail, '/avsluta-prenumeration/')).toBe(smtp.linkIn(first, '/avsluta-prenumeration/'));
    const [pending] = await t.db.select().from(subscriberChanges).where(eq(subscriberChanges.subscriberId, before.id));
    expect(pending?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.tokenHash).not.toBe(tokenFrom(link));
    expect(await historyOf(email)).toEqual([
      { kind: 'given', consentVersion: '2026-11-01', locale: 'sv', source: 'subscribe_form' },
    ]);

    const confirmed = await post('/api/subscribers/confirm', { token: tokenFrom(link) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: 'confirmed' });
    expect(await rowFor(email)).toMatchObject({
      instagramName: null,
      tiktokName: 'someone.else',
      categories: ['gaming', 'tech'],
      locale: 'en',
      confirmedAt: before.confirmedAt,
      unsubscribedAt: null,
    });
    expect(await historyOf(email)).toEqual([
      { kind: 'given', consentVersion: '2026-11-01', locale: 'sv', source: 'subscribe_form' },
      { kind: 'changed', consentVersion: '2026-11-01', locale: 'en', source: 'subscribe_form' },
    ]);
    expect(await t.db.select().from(subscriberChanges).where(eq(subscriberChanges.subscriberId, before.id))).toEqual(
      [],
    );
  });

  it('refuses a used link, an expired one and one replaced by a newer request, changing nothing', async () => {
    const email = 'careful@example.se';
    const first = await confirmedSubscriber(email);
    const refused = async (token: string) => {
      const res = await post('/api/subscribers/confirm', { token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'Confirmation link is invalid, expired or already used',
          requestId: res.headers.get('x-request-id'),
        },
      });
    };

    // Used once, then again.
    const own = await requestChange(email, { ...original, categories: ['pets'] }, [first]);
    const ownToken = tokenFrom(smtp.linkIn(own, '/bekrafta/'));
    expect((await post('/api/subscribers/confirm', { token: ownToken })).status).toBe(200);
    const afterOwn = await rowFor(email);
    expect(afterOwn.categories).toEqual(['pets']);
    await refused(ownToken);

    // Expired: a day has passed.
    const late = await requestChange(email, takeover, [first, own]);
    await t.db
      .update(subscriberChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(subscriberChanges.subscriberId, afterOwn.id));
    await refused(tokenFrom(smtp.linkIn(late, '/bekrafta/')));

    // Replaced: only the newest request's link works.
    const older = await requestChange(email, takeover, [first, own, late]);
    const newer = await requestChange(email, { ...takeover, categories: ['music'] }, [first, own, late, older]);
    await refused(tokenFrom(smtp.linkIn(older, '/bekrafta/')));
    expect(await rowFor(email)).toEqual(afterOwn);
    expect(await historyOf(email)).toHaveLength(2);

    expect(
      (await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(newer, '/bekrafta/')) })).status,
    ).toBe(200);
    expect((await rowFor(email)).categories).toEqual(['music']);
  });

  it('drops a pending change on unsubscribe and records the withdrawal', async () => {
    const email = 'leaving@example.se';
    const first = await confirmedSubscriber(email);
    const change = await requestChange(email, takeover, [first]);

    const left = await post('/api/subscribers/unsubscribe', {
      token: tokenFrom(smtp.linkIn(first, '/avsluta-prenumeration/')),
    });
    expect(left.status).toBe(200);
    expect(
      (await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(change, '/bekrafta/')) })).status,
    ).toBe(404);
    expect(await rowFor(email)).toMatchObject({ instagramName: null, tiktokName: null, categories: [] });
    expect(await historyOf(email)).toEqual([
      { kind: 'given', consentVersion: '2026-11-01', locale: 'sv', source: 'subscribe_form' },
      { kind: 'withdrawn', consentVersion: '2026-11-01', locale: 'sv', source: 'unsubscribe_link' },
    ]);
  });

  it('stores no change it cannot mail about: past the address’s mail limit the owner’s link keeps working', async () => {
    const email = 'flooded@example.se';
    const mails = [await confirmedSubscriber(email)];
    for (let index = 0; index < 3; index++) mails.push(await requestChange(email, takeover, mails));
    // The owner's own request takes the address's fifth mail of the hour.
    const own = await requestChange(email, { ...original, categories: ['travel'] }, mails);
    // One more from anyone is neither mailed nor kept, so it cannot void the owner's link.
    const res = await post('/api/subscribers', { ...takeover, email });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'pending_confirmation' });

    expect((await post('/api/subscribers/confirm', { token: tokenFrom(smtp.linkIn(own, '/bekrafta/')) })).status).toBe(
      200,
    );
    expect((await rowFor(email)).categories).toEqual(['travel']);
    await settlePendingWork();
    expect(smtp.messages.filter((mail) => mail.to === email)).toHaveLength(5);
  });
});
