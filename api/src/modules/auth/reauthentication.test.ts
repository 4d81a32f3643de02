import { balances, paymentMethods, sessions, users, withdrawals } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, creditCreator } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'vattenmelon-cykel-7';
const HOUR_MS = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});
const confirmFirst = (res: Response) =>
  errorBody(res, 'reauthentication_required', 'Confirm your password to continue');

/** A user whose session signed in `minutesAgo` minutes ago (the window is 10 minutes). */
async function signedInAgo(minutesAgo: number, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, { password: PASSWORD, ...options });
  const cookie = await loginAs(t.db, user);
  const sessionId = cookie.split('=')[1]?.split('.')[0] ?? '';
  await t.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(sessions.id, sessionId));
  return { user, cookie };
}

const send = (cookie: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, { method, headers: { ...jsonHeaders(cookie), ...headers }, body: JSON.stringify(body) });
const addSwish = (cookie: string, number = '070-123 45 67') =>
  send(cookie, 'POST', '/api/user/payment-methods/add', { type: 'swish', number });
const withdraw = (cookie: string, paymentMethodId: string, amountOre = 50_000) =>
  send(cookie, 'POST', '/api/withdrawals', { amountOre, paymentMethodId }, { 'Idempotency-Key': crypto.randomUUID() });
const reauthenticate = (cookie: string, password: string) =>
  send(cookie, 'POST', '/api/auth/reauthenticate', { password });

describe('sensitive actions need a recent sign-in', () => {
  it('refuses an e-mail change from a session that signed in 11 minutes ago, and changes nothing', async () => {
    const { user, cookie } = await signedInAgo(11);
    const res = await send(cookie, 'POST', `/api/user/update/${user.id}`, { email: 'stolen.session@example.se' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(confirmFirst(res));
    await settlePendingWork();
    expect(smtp.messages.filter((mail) => mail.to === 'stolen.session@example.se')).toEqual([]);
    const me = await t.app.request(`/api/user/get/${user.id}`, { headers: { Cookie: cookie } });
    expect(((await me.json()) as { data: { pendingEmail: unknown } }).data.pendingEmail).toBeNull();
  });

  it('refuses adding a payout method, making one the default and withdrawing', async () => {
    const fresh = await signedInAgo(0);
    const added = (await (await addSwish(fresh.cookie)).json()) as { data: { id: string } };
    await creditCreator(t.db, { id: `reauth-${fresh.user.id}`, creatorId: fresh.user.id, payoutOre: 100_000 });
    await t.db
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, fresh.user.id));
    const before = await t.db.select().from(balances).where(eq(balances.holderId, fresh.user.id));

    for (const res of [
      await addSwish(fresh.cookie, '070-765 43 21'),
      await send(fresh.cookie, 'PUT', '/api/user/payment-methods/update', { id: added.data.id, isDefault: true }),
      await withdraw(fresh.cookie, added.data.id),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(confirmFirst(res));
    }
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, fresh.user.id))).toHaveLength(1);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, fresh.user.id))).toEqual([]);
    expect(await t.db.select().from(balances).where(eq(balances.holderId, fresh.user.id))).toEqual(before);
  });

  it('opens them again for 10 minutes once the password is confirmed, and mails the owner', async () => {
    const { user, cookie } = await signedInAgo(30, { fullName: 'Sara Säker' });

    const wrong = await reauthenticate(cookie, 'not-my-password');
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual(
      errorBody(wrong, 'validation_failed', 'The password is wrong', { password: ['wrong_password'] }),
    );
    expect((await addSwish(cookie)).status).toBe(403);

    const started = Date.now();
    const right = await reauthenticate(cookie, PASSWORD);
    expect(right.status).toBe(200);
    const body = (await right.json()) as { status: string; until: string };
    expect(body.status).toBe('reauthenticated');
    expect(Date.parse(body.until) - started).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(Date.parse(body.until) - started).toBeLessThanOrEqual(10 * 60_000 + 5000);

    const added = await addSwish(cookie);
    expect(added.status).toBe(201);
    const { masked } = ((await added.json()) as { data: { masked: string } }).data;
    const notice = await smtp.waitForMail(user.email);
    expect(notice.subject).toBe('Ett nytt utbetalningssätt har lagts till');
    expect(notice.text).toContain('Hej Sara Säker!');
    expect(notice.text).toContain(`Utbetalningssättet ${masked} har lagts till på ditt Kollab-konto.`);
    expect(notice.text).toContain('Var det inte du? Byt lösenord direkt på http://localhost:3000/app/account');

    const { data } = (await (await addSwish(cookie, '070-765 43 21')).json()) as { data: { id: string } };
    expect(
      (await send(cookie, 'PUT', '/api/user/payment-methods/update', { id: data.id, isDefault: true })).status,
    ).toBe(200);
    const switched = await smtp.waitForMail(user.email, (mail) => mail.subject.includes('förvalda'));
    expect(switched.subject).toBe('Ditt förvalda utbetalningssätt har ändrats');
  });

  it('tells a Google-only account to sign in again instead', async () => {
    const user = await createUser(t.db, {});
    const cookie = await loginAs(t.db, user);
    const res = await reauthenticate(cookie, 'anything');
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'This account signs in with Google: sign in again', {
        password: ['no_password'],
      }),
    );
  });

  it('limits password confirmations to 10 in 15 minutes', async () => {
    const { cookie } = await signedInAgo(30);
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await reauthenticate(cookie, `guess-${attempt}`)).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });

  it('limits e-mail changes to 5 an hour', async () => {
    const { user, cookie } = await signedInAgo(0);
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const res = await send(cookie, 'POST', `/api/user/update/${user.id}`, { email: `try${attempt}@example.se` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('withdrawals to a newly added payout method wait for review', () => {
  const settle = (cookie: string, id: string, action: 'pay' | 'reject', body: unknown) =>
    send(cookie, 'POST', `/api/admin/withdrawals/${id}/${action}`, body, { 'Idempotency-Key': crypto.randomUUID() });

  async function creatorWithNewMethod() {
    const { user, cookie } = await signedInAgo(0, { role: 'creator' });
    const method = (await (await addSwish(cookie)).json()) as { data: { id: string } };
    await creditCreator(t.db, { id: `hold-${user.id}`, creatorId: user.id, payoutOre: 200_000 });
    return { user, cookie, methodId: method.data.id };
  }

  it('holds every withdrawal to a method added less than 24 hours ago, and the admin cannot pay it yet', async () => {
    const { user, cookie, methodId } = await creatorWithNewMethod();
    const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));

    const first = (await (await withdraw(cookie, methodId, 10_000)).json()) as {
      data: { id: string; heldUntil: string };
    };
    const second = (await (await withdraw(cookie, methodId, 150_000)).json()) as { data: { heldUntil: string } };
    const heldUntil = new Date((method?.createdAt.getTime() ?? 0) + 24 * HOUR_MS).toISOString();
    expect(first.data.heldUntil).toBe(heldUntil);
    expect(second.data.heldUntil).toBe(heldUntil);
    const mail = await smtp.waitForMail(user.email, (m) => m.subject === 'Vi har tagit emot din uttagsbegäran');
    expect(mail.text).toContain('det betalas ut tidigast');

    const pay = await settle(admin, first.data.id, 'pay', { reference: 'SWISH-1' });
    expect(pay.status).toBe(409);
    expect(await pay.json()).toEqual(errorBody(pay, 'conflict', `Withdrawal is held for review until ${heldUntil}`));
    const csv = await t.app.request(`/api/admin/withdrawals/export?ids=${first.data.id}`, {
      headers: { Cookie: admin },
    });
    expect((await csv.text()).trim().split('\n')).toHaveLength(1);

    // Rejecting is allowed at once: the money goes back to the creator.
    expect((await settle(admin, first.data.id, 'reject', { reason: 'Not the owner' })).status).toBe(200);
  });

  it('pays once the hold has run out, and does not hold a method added long ago', async () => {
    const { user, cookie, methodId } = await creatorWithNewMethod();
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const held = (await (await withdraw(cookie, methodId)).json()) as { data: { id: string } };
    await t.db
      .update(withdrawals)
      .set({ heldUntil: new Date(Date.now() - 1000) })
      .where(eq(withdrawals.id, held.data.id));
    expect((await settle(admin, held.data.id, 'pay', { reference: 'SWISH-2' })).status).toBe(200);

    await t.db
      .update(paymentMethods)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR_MS) })
      .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, user.id)));
    const later = (await (await withdraw(cookie, methodId)).json()) as { data: { heldUntil: string | null } };
    expect(later.data.heldUntil).toBeNull();
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.email).toBe(user.email);
  });
});
