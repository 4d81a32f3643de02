import { notifications } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, createConversation, sendMessage } from '../../../test/support/chat.ts';
import { createCampaign, createClaim, createInvitation, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { mailInvitations } from '../campaigns/publishing.service.ts';
import { notifyUnreadMessages } from '../chat/chat.notifications.ts';
import { eraseUser } from '../deletion-requests/account-erasure.service.ts';
import { addNotification } from './notifications.service.ts';

let t: TestApp;
let second: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  second = await createTestApp({ shareDatabaseWith: t, settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  await smtp?.close();
});

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const ID = expect.stringMatching(/^[a-z2-7]{24}$/);

async function call(path: string, cookie?: string, init: { method?: string; body?: unknown } = {}, app = t) {
  const res = await app.app.request(path, {
    method: init.method ?? 'GET',
    headers: jsonHeaders(cookie),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    requestId: res.headers.get('x-request-id'),
  };
}

/** A brand and a creator with a pending claim on the brand's campaign "Höstens kaffe". */
async function scene(status: 'pending' | 'approved' = 'pending') {
  const brand = await createUser(t.db, { role: 'brand', fullName: 'Berit Brand' });
  const creator = await createUser(t.db, { fullName: 'Cora Kreatör' });
  const campaign = await createCampaign(t.db, brand.id, { title: 'Höstens kaffe' });
  const claim = await createClaim(t.db, campaign, creator.id, { status });
  return {
    brand,
    creator,
    campaign,
    claim,
    brandCookie: await loginAs(t.db, brand),
    creatorCookie: await loginAs(t.db, creator),
  };
}

describe('GET /api/notifications', () => {
  it('tells the creator their claim was approved, in the same transaction, and shows the brand nothing of it', async () => {
    const { claim, brandCookie, creatorCookie } = await scene();

    expect((await call(`/api/claims/${claim.id}/approve`, brandCookie, { method: 'POST', body: {} })).status).toBe(200);

    expect(await call('/api/notifications', creatorCookie)).toEqual({
      status: 200,
      requestId: expect.any(String),
      body: {
        data: [
          {
            id: ID,
            type: 'claim_approved',
            payload: { campaign: 'Höstens kaffe', creator: 'Cora Kreatör' },
            link: `/claims/${claim.id}`,
            createdAt: ISO,
            readAt: null,
          },
        ],
        nextCursor: null,
        unreadCount: 1,
      },
    });
    // The brand has only its own: the campaign's funding (a bank payment in the factory), not the creator's news.
    const brandList = (await call('/api/notifications', brandCookie)).body as { data: { type: string }[] };
    expect(brandList.data.map((n) => n.type)).toEqual(['payment_received']);
  });

  it('tells the brand about a submitted video and the creator about changes asked and the video accepted', async () => {
    const { brand, creator, claim, brandCookie, creatorCookie } = await scene('approved');
    const submit = { url: 'https://www.instagram.com/reel/C0ffee123/', adLabelConfirmed: true };

    await call(`/api/claims/${claim.id}/submit`, creatorCookie, { method: 'POST', body: submit });
    await call(`/api/claims/${claim.id}/request-changes`, brandCookie, { method: 'POST', body: { reason: 'Ljudet' } });
    await call(`/api/claims/${claim.id}/submit`, creatorCookie, { method: 'POST', body: submit });
    await call(`/api/claims/${claim.id}/accept`, brandCookie, { method: 'POST', body: {} });

    const types = async (userId: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).map((row) => row.type).sort();
    expect(await types(brand.id)).toEqual(['payment_received', 'video_submitted', 'video_submitted']);
    expect(await types(creator.id)).toEqual(['changes_requested', 'video_accepted']);
  });

  it('pages newest first with a keyset cursor, and filters unread', async () => {
    const user = await createUser(t.db);
    const cookie = await loginAs(t.db, user);
    for (const n of [1, 2, 3]) {
      await addNotification(t.db, {
        userId: user.id,
        type: 'withdrawal_paid',
        key: `test:${n}`,
        payload: { amountOre: n * 100 },
        link: '/earnings',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }

    const first = await call('/api/notifications?limit=2', cookie);
    const firstBody = first.body as { data: { payload: unknown }[]; nextCursor: string };
    expect(firstBody.data.map((n) => n.payload)).toEqual([{ amountOre: 300 }, { amountOre: 200 }]);
    const rest = await call(`/api/notifications?limit=2&cursor=${firstBody.nextCursor}`, cookie);
    expect(rest.body).toMatchObject({ data: [{ payload: { amountOre: 100 } }], nextCursor: null, unreadCount: 3 });
  });

  it('never adds the same cause twice (a retried job)', async () => {
    const user = await createUser(t.db);
    const once = {
      userId: user.id,
      type: 'withdrawal_paid' as const,
      key: 'withdrawal:w1:paid',
      payload: {},
      link: '/',
    };
    expect(await addNotification(t.db, once)).toBe(true);
    expect(await addNotification(t.db, once)).toBe(false);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(1);
  });

  it('refuses without a session and a cursor it did not make', async () => {
    const anonymous = await call('/api/notifications');
    expect(anonymous).toEqual({
      status: 401,
      requestId: expect.any(String),
      body: { error: { code: 'unauthorized', message: 'Sign in first', requestId: anonymous.requestId } },
    });
    const cookie = await loginAs(t.db, await createUser(t.db));
    const bad = await call('/api/notifications?cursor=bm9wZQ', cookie);
    expect(bad).toEqual({
      status: 422,
      requestId: expect.any(String),
      body: {
        error: {
          code: 'validation_failed',
          message: expect.any(String),
          fields: { cursor: ['invalid_value'] },
          requestId: bad.requestId,
        },
      },
    });
  });
});

describe('new messages', () => {
  it('keeps one unread notification per conversation, counting, and clears it when the conversation is read', async () => {
    const { creator, claimId, brandCookie, creatorCookie } = await createConversation(t.db);
    await sendMessage(t, brandCookie, claimId, { body: 'Hej!' });
    await sendMessage(t, brandCookie, claimId, { body: 'Hinner du till fredag?' });

    const rows = () => t.db.select().from(notifications).where(eq(notifications.userId, creator.id));
    expect((await rows()).map((row) => ({ type: row.type, count: row.payload.count, read: !!row.readAt }))).toEqual([
      { type: 'new_messages', count: 2, read: false },
    ]);

    const messages = await call(`/api/conversations/${claimId}/messages`, creatorCookie);
    const last = (messages.body.data as { id: number }[]).at(-1)?.id;
    await call(`/api/conversations/${claimId}/read`, creatorCookie, { method: 'POST', body: { lastReadId: last } });
    expect((await rows()).map((row) => !!row.readAt)).toEqual([true]);

    await sendMessage(t, brandCookie, claimId, { body: 'En sak till' });
    expect((await rows()).map((row) => ({ count: row.payload.count, read: !!row.readAt }))).toEqual([
      { count: 1, read: false },
    ]);
  });
});

describe('POST /api/notifications/{id}/read and /read-all', () => {
  it('marks the owner’s notification read; someone else’s is not found', async () => {
    const { claim, brandCookie, creatorCookie } = await scene();
    await call(`/api/claims/${claim.id}/approve`, brandCookie, { method: 'POST', body: {} });
    const list = await call('/api/notifications', creatorCookie);
    const id = (list.body.data as { id: string }[])[0]?.id;

    const stranger = await call(`/api/notifications/${id}/read`, brandCookie, { method: 'POST' });
    expect(stranger).toEqual({
      status: 404,
      requestId: expect.any(String),
      body: { error: { code: 'not_found', message: 'Notification not found', requestId: stranger.requestId } },
    });

    const read = await call(`/api/notifications/${id}/read`, creatorCookie, { method: 'POST' });
    expect(read).toEqual({
      status: 200,
      requestId: expect.any(String),
      body: {
        data: {
          id,
          type: 'claim_approved',
          payload: { campaign: 'Höstens kaffe', creator: 'Cora Kreatör' },
          link: `/claims/${claim.id}`,
          createdAt: ISO,
          readAt: ISO,
        },
        unreadCount: 0,
      },
    });
  });

  it('marks everything read for the owner only', async () => {
    const { brand, creator, creatorCookie } = await scene();
    for (const userId of [brand.id, creator.id]) {
      for (const key of ['a', 'b']) {
        await addNotification(t.db, { userId, type: 'withdrawal_paid', key, payload: {}, link: '/earnings' });
      }
    }
    expect(await call('/api/notifications/read-all', creatorCookie, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { unreadCount: 0 },
    });
    expect((await call('/api/notifications', creatorCookie)).body.unreadCount).toBe(0);
    // The brand's two and its campaign's funding.
    expect((await call('/api/notifications', await loginAs(t.db, brand))).body.unreadCount).toBe(3);
  });
});

describe('live over the message stream', () => {
  it('delivers a notification made on one instance to the user’s stream on another, and only theirs', async () => {
    const { claim, brandCookie, creatorCookie } = await scene();
    const creatorStream = collectEvents(
      await second.app.request('/api/messages/stream', { headers: { Cookie: creatorCookie } }),
    );
    const brandStream = collectEvents(
      await second.app.request('/api/messages/stream', { headers: { Cookie: brandCookie } }),
    );
    await creatorStream.waitFor((events) => events.some((e) => e.event === 'ready'));
    await brandStream.waitFor((events) => events.some((e) => e.event === 'ready'));

    await call(`/api/claims/${claim.id}/approve`, brandCookie, { method: 'POST', body: {} });

    const events = await creatorStream.waitFor((all) => all.some((e) => e.event === 'notification'));
    const event = events.find((e) => e.event === 'notification');
    expect(JSON.parse(event?.data ?? '')).toEqual({
      notification: {
        id: ID,
        type: 'claim_approved',
        payload: { campaign: 'Höstens kaffe', creator: 'Cora Kreatör' },
        link: `/claims/${claim.id}`,
        createdAt: ISO,
        readAt: null,
      },
      unreadCount: 1,
    });

    await call('/api/notifications/read-all', creatorCookie, { method: 'POST' });
    const after = await creatorStream.waitFor((all) => all.filter((e) => e.event === 'notification').length === 2);
    expect(JSON.parse(after.filter((e) => e.event === 'notification')[1]?.data ?? '')).toEqual({
      notification: null,
      unreadCount: 0,
    });
    const brandEvents = await brandStream.waitFor(() => false, 300);
    expect(brandEvents.filter((e) => e.event === 'notification')).toEqual([]);
    await creatorStream.stop();
    await brandStream.stop();
  });
});

describe('mail preferences', () => {
  it('starts with everything on and keeps what is changed', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db));
    expect((await call('/api/notifications/mail-preferences', cookie)).body).toEqual({
      data: { invitations: true, claim_updates: true, messages: true },
    });
    const put = await call('/api/notifications/mail-preferences', cookie, { method: 'PUT', body: { messages: false } });
    expect(put).toEqual({
      status: 200,
      requestId: expect.any(String),
      body: { data: { invitations: true, claim_updates: true, messages: false } },
    });
    expect((await call('/api/notifications/mail-preferences', cookie)).body).toEqual(put.body);
  });

  it('refuses a transactional category or a non-boolean', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db));
    const res = await call('/api/notifications/mail-preferences', cookie, {
      method: 'PUT',
      body: { account: false, messages: 'no' },
    });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'validation_failed' } } });
    expect(Object.keys((res.body.error as { fields: object }).fields).sort()).toEqual(['account', 'messages']);
  });

  it('skips claim mail for a creator who turned it off, but still notifies', async () => {
    const { creator, claim, brandCookie, creatorCookie } = await scene();
    await call('/api/notifications/mail-preferences', creatorCookie, { method: 'PUT', body: { claim_updates: false } });
    await call(`/api/claims/${claim.id}/approve`, brandCookie, { method: 'POST', body: {} });
    await t.settle();
    expect(smtp.messages.filter((mail) => mail.to === creator.email.toLowerCase())).toEqual([]);
    expect((await call('/api/notifications', creatorCookie)).body.unreadCount).toBe(1);
  });

  it('skips invitation mail for those who turned it off', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, brand.id, { title: 'Vinterjackor' });
    const keen = await createUser(t.db);
    const quiet = await createUser(t.db);
    await call('/api/notifications/mail-preferences', await loginAs(t.db, quiet), {
      method: 'PUT',
      body: { invitations: false },
    });
    const invited = [
      await createInvitation(t.db, campaign.id, keen.id),
      await createInvitation(t.db, campaign.id, quiet.id),
    ];
    const mailer = createMailer(t.env, createLogger('silent'));
    await mailInvitations({ db: t.db, mailer, env: t.env }, campaign.title, invited);

    await smtp.waitForMail(keen.email, (mail) => mail.text.includes('Vinterjackor'));
    expect(smtp.messages.filter((mail) => mail.to === quiet.email.toLowerCase())).toEqual([]);
    const types = await t.db.select().from(notifications).where(eq(notifications.userId, quiet.id));
    expect(types.map((row) => row.type)).toEqual(['invitation_received']);
  });

  it('skips the unread-messages mail for those who turned it off', async () => {
    const { brand, creator, claimId, brandCookie, creatorCookie } = await createConversation(t.db);
    await call('/api/notifications/mail-preferences', creatorCookie, { method: 'PUT', body: { messages: false } });
    await sendMessage(t, brandCookie, claimId, { body: 'Hallå?' });
    await sendMessage(t, creatorCookie, claimId, { body: 'Hej' });
    const mailer = createMailer(t.env, createLogger('silent'));
    const later = new Date(Date.now() + 20 * 60_000);

    await notifyUnreadMessages({ db: t.db, mailer, env: t.env }, later);

    await smtp.waitForMail(brand.email, (mail) => mail.text.includes(claimId));
    expect(smtp.messages.filter((mail) => mail.to === creator.email.toLowerCase())).toEqual([]);
  });
});

describe('an erased account', () => {
  it('leaves no notifications of its own and its name leaves the other side’s', async () => {
    const { brand, creator, claim, creatorCookie } = await scene();
    await call(`/api/claims/${claim.id}/cancel`, creatorCookie, { method: 'POST', body: {} });
    await addNotification(t.db, {
      userId: creator.id,
      type: 'withdrawal_paid',
      key: 'w',
      payload: {},
      link: '/earnings',
    });

    await t.db.transaction((tx) => eraseUser(tx, creator, new Date()));

    expect(await t.db.select().from(notifications).where(eq(notifications.userId, creator.id))).toEqual([]);
    const left = await t.db.select().from(notifications).where(eq(notifications.userId, brand.id));
    expect(left.map((row) => [row.type, row.payload])).toEqual(
      expect.arrayContaining([['claim_cancelled', { campaign: 'Höstens kaffe', creator: 'Deleted user' }]]),
    );
  });
});
