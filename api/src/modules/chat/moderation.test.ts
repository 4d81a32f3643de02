import { auditLog } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents, createConversation, sendMessage } from '../../../test/support/chat.ts';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (path: string, cookie: string, body?: unknown) =>
  t.app.request(path, {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const get = (path: string, cookie: string) => t.app.request(path, { headers: { Cookie: cookie } });

/** A conversation with one message from each side, and a signed-in admin. */
async function reportedSetup() {
  const conversation = await createConversation(t.db);
  await sendMessage(t, conversation.creatorCookie, conversation.claimId, { body: 'Hej, här är mitt utkast.' });
  await sendMessage(t, conversation.brandCookie, conversation.claimId, { body: 'Tack! Vi tittar.' });
  const admin = await createUser(t.db, { role: 'admin' });
  return { ...conversation, admin, adminCookie: await loginAs(t.db, admin) };
}

const auditOf = (claimId: string) =>
  t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, claimId)))
    .orderBy(auditLog.createdAt);

describe('admin access to conversations (moderation cases)', () => {
  it('keeps admins out of a conversation without an open case: no list entry, no badge, 403 on read and post', async () => {
    const { claimId, adminCookie } = await reportedSetup();
    expect(await (await get('/api/conversations', adminCookie)).json()).toEqual({ data: [] });
    expect(await (await get('/api/messages/unread', adminCookie)).json()).toEqual({ total: 0 });
    const read = await get(`/api/conversations/${claimId}/messages`, adminCookie);
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Open a moderation case on this conversation first',
        requestId: read.headers.get('x-request-id'),
      },
    });
    expect((await sendMessage(t, adminCookie, claimId, { body: 'Hej' })).status).toBe(403);
    expect(await auditOf(claimId)).toEqual([]);
  });

  it('a participant reports the conversation; admins then see it, read it (audited) and answer; closing ends it', async () => {
    const { claimId, creator, creatorCookie, brandCookie, admin, adminCookie } = await reportedSetup();
    const reported = await post(`/api/conversations/${claimId}/report`, creatorCookie, {
      reason: '  Varumärket ber mig ta bort reklammärkningen.  ',
    });
    expect(reported.status).toBe(201);
    const { data: opened } = (await reported.json()) as { data: { id: string } };
    expect(opened).toEqual({
      id: expect.any(String),
      claimId,
      openedByRole: 'creator',
      reason: 'Varumärket ber mig ta bort reklammärkningen.',
      status: 'open',
      createdAt: expect.any(String),
      closedAt: null,
    });
    // A second report, by the other side, answers the open case and changes nothing.
    const again = await post(`/api/conversations/${claimId}/report`, brandCookie, {
      reason: 'Vi vill också ha hjälp.',
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: unknown }).data).toEqual(opened);

    // Both participants see the open case on the conversation.
    const brandList = (await (await get('/api/conversations', brandCookie)).json()) as {
      data: { moderationCase: unknown }[];
    };
    expect(brandList.data.map((row) => row.moderationCase)).toEqual([opened]);

    const adminList = (await (await get('/api/conversations', adminCookie)).json()) as {
      data: { claimId: string; unread: number; moderationCase: unknown }[];
    };
    expect(adminList.data).toEqual([expect.objectContaining({ claimId, unread: 2, moderationCase: opened })]);
    expect(await (await get('/api/messages/unread', adminCookie)).json()).toEqual({ total: 2 });

    const read = await get(`/api/conversations/${claimId}/messages`, adminCookie);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { body: string }[] }).data.map((message) => message.body)).toEqual([
      'Hej, här är mitt utkast.',
      'Tack! Vi tittar.',
    ]);
    const answer = await sendMessage(t, adminCookie, claimId, { body: 'Reklammärkningen ska vara kvar.' });
    expect(answer.status).toBe(201);
    const { data: answered } = (await answer.json()) as { data: { id: number } };

    const closed = await post(`/api/admin/moderation-cases/${opened.id}/close`, adminCookie);
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as { data: unknown }).data).toEqual({
      ...opened,
      status: 'closed',
      closedAt: expect.any(String),
    });
    expect((await get(`/api/conversations/${claimId}/messages`, adminCookie)).status).toBe(403);
    expect(await (await get('/api/conversations', adminCookie)).json()).toEqual({ data: [] });
    const closeAgain = await post(`/api/admin/moderation-cases/${opened.id}/close`, adminCookie);
    expect(closeAgain.status).toBe(409);

    expect(await auditOf(claimId)).toEqual([
      { action: 'moderation_case.opened', actorId: creator.id, details: { caseId: opened.id } },
      { action: 'chat.read', actorId: admin.id, details: { caseId: opened.id, how: 'page' } },
      { action: 'chat.message_posted', actorId: admin.id, details: { caseId: opened.id, messageId: answered.id } },
      { action: 'moderation_case.closed', actorId: admin.id, details: { caseId: opened.id } },
    ]);
  });

  it('an admin opens a case with a reason; the stream delivers that conversation only while it is open, audited once', async () => {
    const { claimId, creatorCookie, admin, adminCookie } = await reportedSetup();
    const other = await createConversation(t.db);
    const stream = await get('/api/messages/stream', adminCookie);
    const events = collectEvents(stream);
    await events.waitFor((all) => all.some((event) => event.event === 'ready'));

    const opened = await post(`/api/admin/claims/${claimId}/moderation-case`, adminCookie, {
      reason: 'Anmälan via support: misstänkt bedrägeri.',
    });
    expect(opened.status).toBe(201);
    const { data: kase } = (await opened.json()) as { data: { id: string; openedByRole: string } };
    expect(kase.openedByRole).toBe('admin');

    await sendMessage(t, other.creatorCookie, other.claimId, { body: 'Privat, inget ärende.' });
    await sendMessage(t, creatorCookie, claimId, { body: 'Första efter ärendet.' });
    await sendMessage(t, creatorCookie, claimId, { body: 'Andra efter ärendet.' });
    // The stream started after message 0, so with the case open it catches up on the whole
    // conversation, and only that one.
    await events.waitFor((all) => all.filter((event) => event.event === 'message').length >= 4);
    await events.waitFor(() => false, 300);
    expect(
      events.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data).body),
    ).toEqual(['Hej, här är mitt utkast.', 'Tack! Vi tittar.', 'Första efter ärendet.', 'Andra efter ärendet.']);

    await post(`/api/admin/moderation-cases/${kase.id}/close`, adminCookie);
    await sendMessage(t, creatorCookie, claimId, { body: 'Efter att ärendet stängts.' });
    await events.waitFor(() => false, 500);
    expect(events.events.filter((event) => event.event === 'message')).toHaveLength(4);
    await events.stop();

    expect((await auditOf(claimId)).map((entry) => [entry.action, entry.details])).toEqual([
      ['moderation_case.opened', { caseId: kase.id }],
      ['chat.read', { caseId: kase.id, how: 'stream' }],
      ['moderation_case.closed', { caseId: kase.id }],
    ]);
    expect((await auditOf(other.claimId)).filter((entry) => entry.actorId === admin.id)).toEqual([]);
  });

  it('refuses bad input and outsiders, and changes nothing', async () => {
    const { claimId, creatorCookie, adminCookie } = await reportedSetup();
    const outsider = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
    expect((await post(`/api/conversations/${claimId}/report`, outsider, { reason: 'x' })).status).toBe(404);
    expect((await post(`/api/conversations/${claimId}/report`, adminCookie, { reason: 'x' })).status).toBe(403);
    const empty = await post(`/api/conversations/${claimId}/report`, creatorCookie, { reason: '   ' });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { error: { fields: unknown } }).error.fields).toEqual({ reason: ['required'] });
    const long = await post(`/api/conversations/${claimId}/report`, creatorCookie, { reason: 'a'.repeat(1001) });
    expect(((await long.json()) as { error: { fields: unknown } }).error.fields).toEqual({ reason: ['too_long'] });
    expect((await post(`/api/admin/claims/${claimId}/moderation-case`, creatorCookie, { reason: 'x' })).status).toBe(
      403,
    );
    expect((await post('/api/admin/claims/nope/moderation-case', adminCookie, { reason: 'x' })).status).toBe(404);
    expect((await post('/api/admin/moderation-cases/nope/close', adminCookie)).status).toBe(404);
    expect(await auditOf(claimId)).toEqual([]);
    expect((await get(`/api/conversations/${claimId}/messages`, adminCookie)).status).toBe(403);
  });

  it('opens one case when reports race', async () => {
    const { claimId, creatorCookie, brandCookie } = await reportedSetup();
    const answers = await Promise.all(
      [creatorCookie, brandCookie, creatorCookie].map((cookie) =>
        post(`/api/conversations/${claimId}/report`, cookie, { reason: 'Samtidigt' }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 201]);
    const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
  });
});
