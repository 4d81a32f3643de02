import { queryRows } from '@kollab/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, createConversation, readEvents, sendMessage } from '../../../test/support/chat.ts';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { CHAT_CHANNEL } from '../../lib/message-bus.ts';
import { notifyUnreadMessages } from './chat.notifications.ts';

let t: TestApp;
let second: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  second = await createTestApp({ shareDatabaseWith: t });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.close();
});

/** A brand, a creator and a claim between them: a conversation. */
const conversation = () => createConversation(t.db);

describe('conversations', () => {
  it('has none before a campaign is claimed', async () => {
    const creator = await createUser(t.db, { role: 'creator' });
    const res = await t.app.request('/api/conversations', { headers: { Cookie: await loginAs(t.db, creator) } });
    expect(await res.json()).toEqual({ data: [] });
  });

  it('delivers a message from the creator to the brand with unread counts and read markers', async () => {
    const { brand, creator, claimId, brandCookie, creatorCookie } = await conversation();
    const posted = await sendMessage(t, creatorCookie, claimId, { body: 'Hej! När vill ni ha videon?' });
    expect(posted.status).toBe(201);
    const { data: message } = (await posted.json()) as { data: { id: number } };
    expect(message).toEqual({
      id: expect.any(Number),
      claimId,
      author: { id: creator.id, name: creator.fullName, role: 'creator', image: null },
      body: 'Hej! När vill ni ha videon?',
      createdAt: expect.any(String),
    });

    const list = (await (await t.app.request('/api/conversations', { headers: { Cookie: brandCookie } })).json()) as {
      data: { claimId: string; unread: number; counterpart: { id: string }; lastMessage: { id: number } }[];
    };
    expect(list.data).toEqual([
      expect.objectContaining({
        claimId,
        unread: 1,
        counterpart: expect.objectContaining({ id: creator.id, role: 'creator' }),
      }),
    ]);
    expect(list.data[0]?.lastMessage.id).toBe(message.id);
    const unread = await t.app.request('/api/messages/unread', { headers: { Cookie: brandCookie } });
    expect(await unread.json()).toEqual({ total: 1 });

    const read = await t.app.request(`/api/conversations/${claimId}/read`, {
      method: 'POST',
      headers: jsonHeaders(brandCookie),
      body: JSON.stringify({ lastReadId: message.id }),
    });
    expect(await read.json()).toEqual({ lastReadId: message.id });
    expect(await (await t.app.request('/api/messages/unread', { headers: { Cookie: brandCookie } })).json()).toEqual({
      total: 0,
    });
    const creatorView = (await (
      await t.app.request('/api/conversations', { headers: { Cookie: creatorCookie } })
    ).json()) as {
      data: { counterpart: { id: string }; counterpartLastReadId: number }[];
    };
    expect(creatorView.data[0]).toMatchObject({
      counterpart: { id: brand.id, role: 'brand' },
      counterpartLastReadId: message.id,
    });
  });

  it('pages back through history, oldest first', async () => {
    const { claimId, creatorCookie } = await conversation();
    for (const text of ['ett', 'två', 'tre', 'fyra']) await sendMessage(t, creatorCookie, claimId, { body: text });
    const latest = (await (
      await t.app.request(`/api/conversations/${claimId}/messages?limit=2`, { headers: { Cookie: creatorCookie } })
    ).json()) as {
      data: { id: number; body: string }[];
    };
    expect(latest.data.map((m) => m.body)).toEqual(['tre', 'fyra']);
    const older = (await (
      await t.app.request(`/api/conversations/${claimId}/messages?limit=2&before=${latest.data[0]?.id}`, {
        headers: { Cookie: creatorCookie },
      })
    ).json()) as { data: { body: string }[] };
    expect(older.data.map((m) => m.body)).toEqual(['ett', 'två']);
  });

  it.each([
    ['an empty message', { body: '' }, { body: ['required'] }],
    ['only whitespace', { body: '   \n ' }, { body: ['required'] }],
    ['over 2,000 characters', { body: 'x'.repeat(2001) }, { body: ['too_long'] }],
  ])('refuses %s with 422', async (_name, body, fields) => {
    const { claimId, creatorCookie } = await conversation();
    const res = await sendMessage(t, creatorCookie, claimId, body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Request json is invalid',
        fields,
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('keeps others out: another creator or brand gets 404, anonymous 401; an admin with an open case posts as Kollab support', async () => {
    const { claimId } = await conversation();
    const outsiders = [await createUser(t.db, { role: 'creator' }), await createUser(t.db, { role: 'brand' })];
    for (const outsider of outsiders) {
      const cookie = await loginAs(t.db, outsider);
      expect(
        (await t.app.request(`/api/conversations/${claimId}/messages`, { headers: { Cookie: cookie } })).status,
      ).toBe(404);
      expect((await sendMessage(t, cookie, claimId, { body: 'hej' })).status).toBe(404);
    }
    expect((await t.app.request(`/api/conversations/${claimId}/messages`)).status).toBe(401);
    // Admins only with an open moderation case (moderation.test.ts).
    const admin = await createUser(t.db, { role: 'admin' });
    const adminCookie = await loginAs(t.db, admin);
    expect((await sendMessage(t, adminCookie, claimId, { body: 'Vi hjälper gärna till.' })).status).toBe(403);
    const opened = await t.app.request(`/api/admin/claims/${claimId}/moderation-case`, {
      method: 'POST',
      headers: jsonHeaders(adminCookie),
      body: JSON.stringify({ reason: 'Kreatören bad om hjälp via support.' }),
    });
    expect(opened.status).toBe(201);
    const res = await sendMessage(t, adminCookie, claimId, { body: 'Vi hjälper gärna till.' });
    expect(((await res.json()) as { data: { author: unknown } }).data.author).toEqual({
      id: admin.id,
      name: 'Kollab support',
      role: 'admin',
      image: null,
    });
  });

  it('stores markup as text', async () => {
    const { claimId, creatorCookie } = await conversation();
    const body = '<script>alert(1)</script> [x](javascript:alert(1))';
    const res = await sendMessage(t, creatorCookie, claimId, { body });
    expect(((await res.json()) as { data: { body: string } }).data.body).toBe(body);
  });

  it('limits posting to 20 messages a minute', async () => {
    const { claimId, creatorCookie } = await conversation();
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push((await sendMessage(t, creatorCookie, claimId, { body: `m${index}` })).status);
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
  });
});

describe('live delivery', () => {
  it('delivers a message posted on one API instance to a stream on another', async () => {
    const { claimId, brandCookie, creatorCookie } = await conversation();
    const stream = await second.app.request('/api/messages/stream', { headers: { Cookie: brandCookie } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const received = readEvents(stream, (events) => events.some((e) => e.event === 'message'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await sendMessage(t, creatorCookie, claimId, { body: 'Live från instans A' });
    const events = await received;
    const message = events.find((e) => e.event === 'message');
    expect(JSON.parse(message?.data ?? '{}')).toMatchObject({ claimId, body: 'Live från instans A' });
  });

  it('resumes after a drop with Last-Event-ID and sends what was missed exactly once', async () => {
    const { claimId, brandCookie, creatorCookie } = await conversation();
    const first = (await (await sendMessage(t, creatorCookie, claimId, { body: 'före' })).json()) as {
      data: { id: number };
    };
    await sendMessage(t, creatorCookie, claimId, { body: 'missad 1' });
    await sendMessage(t, creatorCookie, claimId, { body: 'missad 2' });
    const stream = await second.app.request('/api/messages/stream', {
      headers: { Cookie: brandCookie, 'Last-Event-ID': String(first.data.id) },
    });
    const events = await readEvents(stream, (all) => all.filter((e) => e.event === 'message').length >= 2);
    const bodies = events
      .filter((e) => e.event === 'message')
      .map((e) => (JSON.parse(e.data) as { body: string }).body);
    expect(bodies).toEqual(['missad 1', 'missad 2']);
  });

  it('delivers a message that commits after one with a higher id, once', async () => {
    const { creator, claimId, brandCookie, creatorCookie } = await conversation();
    const stream = await second.app.request('/api/messages/stream', { headers: { Cookie: brandCookie } });
    const live = collectEvents(stream);
    await live.waitFor((events) => events.some((e) => e.event === 'ready'));
    // Ids are taken at insert: this one is taken first, by a transaction that will commit last.
    const [reserved] = await queryRows<{ id: string }>(
      t.db,
      sql`select nextval(pg_get_serial_sequence('messages', 'id')) as id`,
    );
    const earlyId = Number(reserved?.id);
    const later = (await (await sendMessage(t, creatorCookie, claimId, { body: 'andra' })).json()) as {
      data: { id: number };
    };
    expect(later.data.id).toBeGreaterThan(earlyId);
    await live.waitFor((events) => events.some((e) => e.id === String(later.data.id)));
    await t.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into messages (id, claim_id, author_id, author_role, body) overriding system value
            values (${earlyId}, ${claimId}, ${creator.id}, 'creator', 'första')`,
      );
      await tx.execute(
        sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ type: 'message', claimId, id: earlyId })})`,
      );
    });
    await live.waitFor((events) => events.some((e) => e.id === String(earlyId)));
    // One more message afterwards: everything arrives once, the late one in between.
    const last = (await (await sendMessage(t, creatorCookie, claimId, { body: 'tredje' })).json()) as {
      data: { id: number };
    };
    const events = await live.waitFor((all) => all.some((e) => e.id === String(last.data.id)));
    await live.stop();
    const delivered = events
      .filter((e) => e.event === 'message')
      .map((e) => [Number(e.id), (JSON.parse(e.data) as { body: string }).body]);
    expect(delivered).toEqual([
      [later.data.id, 'andra'],
      [earlyId, 'första'],
      [last.data.id, 'tredje'],
    ]);
  });

  it('streams nothing of other people’s conversations', async () => {
    const { claimId, creatorCookie } = await conversation();
    const outsider = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const stream = await second.app.request('/api/messages/stream', { headers: { Cookie: outsider } });
    const received = readEvents(stream, (events) => events.some((e) => e.event === 'message'), 1500);
    await sendMessage(t, creatorCookie, claimId, { body: 'privat' });
    const events = await received;
    expect(events.filter((e) => e.event === 'message')).toEqual([]);
  });
});

describe('e-mail about unread messages', () => {
  it('mails once after 15 minutes unread, then not again within the hour', async () => {
    const { brand, claimId, creatorCookie } = await conversation();
    await sendMessage(t, creatorCookie, claimId, { body: 'Hallå?' });
    const deps = { db: t.db, mailer: createMailer(t.env, createLogger('silent')), env: t.env };
    const soon = new Date(Date.now() + 5 * 60 * 1000);
    expect(await notifyUnreadMessages(deps, soon)).toBe(0);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await notifyUnreadMessages(deps, later)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitForMail(brand.email);
    expect(mail.subject).toBe('Du har olästa meddelanden på Kollab');
    expect(mail.text).toContain(`/app/messages/${claimId}`);
    await settlePendingWork();
    const count = smtp.messages.filter((m) => m.to === brand.email).length;
    await notifyUnreadMessages(deps, new Date(later.getTime() + 10 * 60 * 1000));
    await settlePendingWork();
    expect(smtp.messages.filter((m) => m.to === brand.email).length).toBe(count);
  });
});
