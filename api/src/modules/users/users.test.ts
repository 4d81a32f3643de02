import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { UserView } from '@kollab/contract/api/users';
import { emailTokens, sessions, type User, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let png: Buffer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#00695c' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});

async function dataOf(res: Response): Promise<UserView> {
  return ((await res.json()) as { data: UserView }).data;
}

async function errorOf(res: Response): Promise<Record<string, unknown>> {
  return ((await res.json()) as { error: Record<string, unknown> }).error;
}

/** A signed-in user and their session cookie. */
async function signedIn(role: User['role'] = 'creator', options: { email?: string; fullName?: string } = {}) {
  const user = await createUser(t.db, { role, ...options });
  return { user, cookie: await loginAs(t.db, user) };
}

function getUser(id: string, cookie?: string) {
  return t.app.request(`/api/user/get/${id}`, { headers: cookie ? { Cookie: cookie } : {} });
}

function updateUser(id: string, body: unknown, cookie?: string) {
  return t.app.request(`/api/user/update/${id}`, {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
}

function uploadAvatar(data: Uint8Array, cookie?: string, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([data], name, { type }));
  return t.app.request('/api/user/avatar', {
    method: 'POST',
    headers: { Origin: 'http://localhost:3000', ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** The API's view of a freshly created user with no changes. */
function viewOf(user: User) {
  return {
    id: user.id,
    email: user.email,
    pendingEmail: null,
    fullName: user.fullName,
    role: user.role,
    locale: user.locale,
    phone: null,
    personalNumber: null,
    emailVerified: true,
    image: null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Appends the Luhn check digit to nine digits (YYMMDDNNN), as a personnummer's last digit. */
function withCheckDigit(nine: string): string {
  let sum = 0;
  for (let i = 0; i < nine.length; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

// Born on 15 January ten years ago: a correct checksum, but a child.
const childYear = new Date().getFullYear() - 10;
const childNumber = `${childYear}0115-${withCheckDigit(`${String(childYear).slice(2)}0115123`).slice(6)}`;

describe('authorization matrix', () => {
  type Actor = 'anonymous' | 'owner' | 'other creator' | 'brand' | 'admin';
  let owner: User;
  const cookies = {} as Record<Actor, string | undefined>;

  beforeAll(async () => {
    const signedInOwner = await signedIn('creator');
    owner = signedInOwner.user;
    cookies.anonymous = undefined;
    cookies.owner = signedInOwner.cookie;
    cookies['other creator'] = (await signedIn('creator')).cookie;
    cookies.brand = (await signedIn('brand')).cookie;
    cookies.admin = (await signedIn('admin')).cookie;
    expect((await uploadAvatar(png, cookies.owner)).status).toBe(200);
  });

  const unauthorized = ['unauthorized', 'Sign in first'] as const;
  const notFound = ['not_found', 'User not found'] as const;
  const forbiddenRole = ['forbidden', 'Only admins change roles'] as const;

  it.each<[string, Actor, number, readonly [string, string] | null]>([
    ['GET /api/user/get/{owner}', 'anonymous', 401, unauthorized],
    ['GET /api/user/get/{owner}', 'owner', 200, null],
    ['GET /api/user/get/{owner}', 'other creator', 404, notFound],
    ['GET /api/user/get/{owner}', 'brand', 404, notFound],
    ['GET /api/user/get/{owner}', 'admin', 200, null],
    ['POST /api/user/update/{owner}', 'anonymous', 401, unauthorized],
    ['POST /api/user/update/{owner}', 'owner', 200, null],
    ['POST /api/user/update/{owner}', 'other creator', 404, notFound],
    ['POST /api/user/update/{owner}', 'brand', 404, notFound],
    ['POST /api/user/update/{owner}', 'admin', 200, null],
    ['POST /api/user/update/{owner} with a role', 'anonymous', 401, unauthorized],
    ['POST /api/user/update/{owner} with a role', 'owner', 403, forbiddenRole],
    ['POST /api/user/update/{owner} with a role', 'other creator', 404, notFound],
    ['POST /api/user/update/{owner} with a role', 'brand', 404, notFound],
    ['POST /api/user/update/{owner} with a role', 'admin', 200, null],
    ['POST /api/user/avatar', 'anonymous', 401, unauthorized],
    ['POST /api/user/avatar', 'owner', 200, null],
    ['POST /api/user/avatar', 'other creator', 200, null],
    ['POST /api/user/avatar', 'brand', 200, null],
    ['POST /api/user/avatar', 'admin', 200, null],
    // Profile pictures are public (served with Cache-Control: public for <img> tags).
    ['GET /api/user/avatar/{owner}', 'anonymous', 200, null],
    ['GET /api/user/avatar/{owner}', 'owner', 200, null],
    ['GET /api/user/avatar/{owner}', 'other creator', 200, null],
    ['GET /api/user/avatar/{owner}', 'brand', 200, null],
    ['GET /api/user/avatar/{owner}', 'admin', 200, null],
  ])('%s as %s → %i', async (route, actor, status, error) => {
    const cookie = cookies[actor];
    const before = await userRow(owner.id);
    let res: Response;
    if (route.startsWith('GET /api/user/get/')) res = await getUser(owner.id, cookie);
    else if (route.startsWith('GET /api/user/avatar/')) {
      res = await t.app.request(`/api/user/avatar/${owner.id}`, { headers: cookie ? { Cookie: cookie } : {} });
    } else if (route === 'POST /api/user/avatar') res = await uploadAvatar(png, cookie);
    else {
      // The role sent is the owner's current one, so the admin's successful change ends no session.
      const body = route.endsWith('with a role')
        ? { role: 'creator', fullName: `Renamed by ${actor}` }
        : { fullName: `Renamed by ${actor}` };
      res = await updateUser(owner.id, body, cookie);
    }

    expect(res.status).toBe(status);
    if (error) expect(await res.json()).toEqual(errorBody(res, error[0], error[1]));
    const ownerMayChange =
      status === 200 &&
      (route.startsWith('POST /api/user/update/') || (route === 'POST /api/user/avatar' && actor === 'owner'));
    if (!ownerMayChange) expect(await userRow(owner.id)).toEqual(before);
    if (status === 200 && route.startsWith('GET /api/user/get/')) {
      expect(await dataOf(res)).toMatchObject({ id: owner.id, email: owner.email });
    }
    if (status === 200 && route.startsWith('POST /api/user/update/')) {
      expect((await userRow(owner.id)).fullName).toBe(`Renamed by ${actor}`);
    }
  });

  it('lets an admin change the role of anyone', async () => {
    const { user } = await signedIn('creator');

    const res = await updateUser(user.id, { role: 'brand' }, cookies.admin);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...viewOf(user), role: 'brand' } });
  });

  it('answers 404 to an admin for a user that does not exist', async () => {
    const read = await getUser('nosuchuserxxxxxxxxxxxxxx', cookies.admin);
    const write = await updateUser('nosuchuserxxxxxxxxxxxxxx', { fullName: 'Ghost' }, cookies.admin);

    expect(read.status).toBe(404);
    expect(await read.json()).toEqual(errorBody(read, 'not_found', 'User not found'));
    expect(write.status).toBe(404);
    expect(await write.json()).toEqual(errorBody(write, 'not_found', 'User not found'));
  });

  it('answers a creator the same 404 for an existing stranger and a missing id', async () => {
    const stranger = await getUser(owner.id, cookies['other creator']);
    const missing = await getUser('nosuchuserxxxxxxxxxxxxxx', cookies['other creator']);

    expect(stranger.status).toBe(missing.status);
    expect({ ...(await errorOf(stranger)), requestId: '' }).toEqual({
      ...(await errorOf(missing)),
      requestId: '',
    });
  });
});

describe('GET /api/user/get/{id}', () => {
  it('shows your own account', async () => {
    const { user, cookie } = await signedIn('brand');

    const res = await getUser(user.id, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: viewOf(user) });
  });

  it('shows an unverified address as such', async () => {
    const user = await createUser(t.db, { role: 'creator', verified: false });

    const res = await getUser(user.id, await loginAs(t.db, user));

    expect(await res.json()).toEqual({ data: { ...viewOf(user), emailVerified: false } });
  });

  it('rejects an id longer than 64 characters', async () => {
    const { cookie } = await signedIn();

    const res = await getUser('x'.repeat(65), cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'Request param is invalid', {
        id: ['too_long'],
      }),
    );
  });
});

describe('POST /api/user/update/{id}', () => {
  it('updates name, phone, locale and personal number, showing the number masked', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await updateUser(
      user.id,
      { fullName: '  Anna Svensson ', phone: '070-123 45 67', locale: 'en', personalNumber: '811228-9874' },
      cookie,
    );

    const expected = {
      ...viewOf(user),
      fullName: 'Anna Svensson',
      phone: '+46701234567',
      locale: 'en',
      personalNumber: '19811228-****',
    };
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: expected });
    expect(await (await getUser(user.id, cookie)).json()).toEqual({ data: expected });
  });

  it('stores the personal number encrypted, never in clear', async () => {
    const { user, cookie } = await signedIn('creator');

    await updateUser(user.id, { personalNumber: '198112289874' }, cookie);

    const row = await userRow(user.id);
    expect(row.personalNumberEncrypted).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const everything = JSON.stringify(await t.db.select().from(users));
    expect(everything).not.toContain('8112289874');
    expect(everything).not.toContain('811228');
  });

  it.each([
    ['8112289874', '19811228-****'],
    ['19811228-9874', '19811228-****'],
    ['190303+0029', '19190303-****'],
    ['701063-2383', '19701063-****'],
  ])('accepts the personal number %j and shows %j', async (input, masked) => {
    const { user, cookie } = await signedIn('creator');

    const res = await updateUser(user.id, { personalNumber: input }, cookie);

    expect(res.status).toBe(200);
    expect((await dataOf(res)).personalNumber).toBe(masked);
  });

  it('clears the phone number with null or an empty string', async () => {
    const { user, cookie } = await signedIn('creator');
    await updateUser(user.id, { phone: '+47 912 34 567' }, cookie);
    expect((await userRow(user.id)).phone).toBe('+4791234567');

    const cleared = await updateUser(user.id, { phone: null }, cookie);
    await updateUser(user.id, { phone: '+46701234567' }, cookie);
    const emptied = await updateUser(user.id, { phone: '' }, cookie);

    expect((await dataOf(cleared)).phone).toBeNull();
    expect((await dataOf(emptied)).phone).toBeNull();
    expect((await userRow(user.id)).phone).toBeNull();
  });

  it('answers with the unchanged account for an empty body', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await updateUser(user.id, {}, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: viewOf(user) });
  });

  it('lets an admin update anyone, without ending their sessions when the role stays', async () => {
    const { user, cookie } = await signedIn('creator');
    const admin = await signedIn('admin');

    const res = await updateUser(user.id, { fullName: 'Fixed By Support', role: 'creator' }, admin.cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...viewOf(user), fullName: 'Fixed By Support' } });
    expect((await getUser(user.id, cookie)).status).toBe(200);
  });

  it("ends the user's sessions when an admin changes their role", async () => {
    const { user, cookie } = await signedIn('creator');
    await loginAs(t.db, user);
    const admin = await signedIn('admin');
    expect(await (await t.app.request('/api/auth/session', { headers: { Cookie: cookie } })).json()).toMatchObject({
      user: { id: user.id, role: 'creator' },
    });

    const res = await updateUser(user.id, { role: 'brand' }, admin.cookie);

    expect(res.status).toBe(200);
    expect((await dataOf(res)).role).toBe('brand');
    const session = await t.app.request('/api/auth/session', { headers: { Cookie: cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({});
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const after = await getUser(user.id, cookie);
    expect(after.status).toBe(401);
    expect((await userRow(user.id)).role).toBe('brand');
    // The admin's own session is untouched.
    expect((await getUser(user.id, admin.cookie)).status).toBe(200);
  });

  it('refuses a role change by a non-admin, even to their current role, and stores nothing', async () => {
    for (const role of ['creator', 'brand'] as const) {
      const { user, cookie } = await signedIn(role);

      const res = await updateUser(user.id, { fullName: 'Sneaky', role: 'admin' }, cookie);
      const same = await updateUser(user.id, { role }, cookie);

      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Only admins change roles'));
      expect(same.status).toBe(403);
      expect(await userRow(user.id)).toMatchObject({ role, fullName: user.fullName });
      expect((await getUser(user.id, cookie)).status).toBe(200);
    }
  });

  const schema = 'Request json is invalid';
  const service = 'Request is invalid';
  it.each<[string, Record<string, unknown>, string, Record<string, string[]>]>([
    ['a bad checksum', { personalNumber: '811228-9875' }, service, { personalNumber: ['invalid_checksum'] }],
    ['an impossible date', { personalNumber: '19990230-1234' }, service, { personalNumber: ['invalid_date'] }],
    ['month 13', { personalNumber: '811328-9874' }, service, { personalNumber: ['invalid_date'] }],
    ['a birth date in the future', { personalNumber: '20991231-1234' }, service, { personalNumber: ['invalid_date'] }],
    ['a child born ten years ago', { personalNumber: childNumber }, service, { personalNumber: ['under_18'] }],
    ['nine digits', { personalNumber: '81122-9874' }, service, { personalNumber: ['invalid_format'] }],
    ['thirteen digits', { personalNumber: '1981122898741' }, service, { personalNumber: ['invalid_format'] }],
    ['letters', { personalNumber: 'ABCDEF-GHIJ' }, service, { personalNumber: ['invalid_format'] }],
    ['an empty personal number', { personalNumber: '' }, service, { personalNumber: ['invalid_format'] }],
    ['over 20 characters', { personalNumber: '1'.repeat(21) }, schema, { personalNumber: ['invalid_format'] }],
    [
      'a personal number that is not a string',
      { personalNumber: 8112289874 },
      schema,
      {
        personalNumber: ['invalid_type'],
      },
    ],
    ['a phone number with letters', { phone: '070-ABC 45 67' }, service, { phone: ['invalid_phone'] }],
    ['a too short phone number', { phone: '070-123' }, service, { phone: ['invalid_phone'] }],
    [
      'a Swedish number starting with 00 after +46',
      { phone: '+46 00 123 45 67' },
      service,
      {
        phone: ['invalid_phone'],
      },
    ],
    ['a phone number over 32 characters', { phone: '0'.repeat(33) }, schema, { phone: ['invalid_phone'] }],
    ['an invalid e-mail', { email: 'not-an-address' }, schema, { email: ['invalid_email'] }],
    ['an empty e-mail', { email: '  ' }, schema, { email: ['required'] }],
    ['an empty name', { fullName: '   ' }, schema, { fullName: ['required'] }],
    ['a name over 120 characters', { fullName: 'x'.repeat(121) }, schema, { fullName: ['too_long'] }],
    ['an unknown locale', { locale: 'fi' }, schema, { locale: ['invalid_locale'] }],
    ['an unknown field', { fullName: 'Ok Name', nickname: 'x' }, schema, { nickname: ['unknown_field'] }],
    [
      'several bad fields at once',
      { fullName: 'Ok Name', personalNumber: '811228-9875', phone: 'x' },
      service,
      {
        personalNumber: ['invalid_checksum'],
        phone: ['invalid_phone'],
      },
    ],
  ])('rejects %s with 422 naming the field, and stores nothing', async (_case, body, message, fields) => {
    const { user, cookie } = await signedIn('creator');
    const before = await userRow(user.id);

    const res = await updateUser(user.id, body, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(errorBody(res, 'validation_failed', message, fields));
    expect(await userRow(user.id)).toEqual(before);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toEqual([]);
  });

  it('rejects an unknown role from an admin', async () => {
    const { user } = await signedIn('creator');
    const admin = await signedIn('admin');

    const res = await updateUser(user.id, { role: 'superuser' }, admin.cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(errorBody(res, 'validation_failed', schema, { role: ['invalid_role'] }));
    expect((await userRow(user.id)).role).toBe('creator');
  });

  it("answers a change to another user's address (in any case) as to a free one, and mails that owner a notice", async () => {
    await createUser(t.db, { role: 'brand', email: 'Taken@Example.se', fullName: 'Tage Tagen' });
    const taker = await signedIn('creator', { email: 'taker@example.se' });
    const free = await signedIn('creator', { email: 'mover@example.se' });

    const taken = await updateUser(taker.user.id, { email: 'taken@EXAMPLE.se', fullName: 'New Name' }, taker.cookie);
    const moved = await updateUser(
      free.user.id,
      { email: 'free.address@EXAMPLE.se', fullName: 'New Name' },
      free.cookie,
    );

    // Same status and the same answer but for the user's own fields: nothing tells the address is registered.
    expect(taken.status).toBe(moved.status);
    expect(await taken.json()).toEqual({
      data: { ...viewOf(taker.user), fullName: 'New Name', pendingEmail: 'taken@example.se' },
    });
    expect(await moved.json()).toEqual({
      data: { ...viewOf(free.user), fullName: 'New Name', pendingEmail: 'free.address@example.se' },
    });
    expect((await userRow(taker.user.id)).email).toBe('taker@example.se');
    const notice = await smtp.waitForMail('taken@example.se');
    expect(notice.subject).toBe('Din adress angavs för ett annat Kollab-konto');
    expect(notice.text).toContain('Hej Tage Tagen!');
    expect(notice.text).not.toContain('confirm-email-change');
    expect((await smtp.waitForMail('taker@example.se')).subject).toBe(
      'Någon vill byta e-postadress på ditt Kollab-konto',
    );
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await updateUser(user.id, { fullName: 'x'.repeat(1024 * 1024 + 1) }, cookie);

    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorBody(res, 'payload_too_large', 'Request body is larger than 1048576 bytes'));
  });

  it('refuses a cross-site request', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await t.app.request(`/api/user/update/${user.id}`, {
      method: 'POST',
      headers: { ...jsonHeaders(cookie), Origin: 'https://evil.example' },
      body: JSON.stringify({ fullName: 'Hijacked' }),
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Cross-site request refused (CSRF check)'));
    expect((await userRow(user.id)).fullName).toBe(user.fullName);
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address, switches once confirmed and tells the old address', async () => {
    const { user, cookie } = await signedIn('creator', { email: 'old.address@example.se', fullName: 'Maja Berg' });

    const res = await updateUser(user.id, { email: '  New.Address@Example.se ' }, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...viewOf(user), pendingEmail: 'new.address@example.se' } });
    expect(await (await getUser(user.id, cookie)).json()).toEqual({
      data: { ...viewOf(user), pendingEmail: 'new.address@example.se' },
    });
    expect((await userRow(user.id)).email).toBe('old.address@example.se');
    const mail = await smtp.waitForMail('new.address@example.se');
    expect(mail.subject).toBe('Bekräfta din nya e-postadress hos Kollab');
    expect(mail.text).toContain('Hej Maja Berg!');
    const link = smtp.linkIn(mail, '/app/confirm-email-change');
    expect(link).toMatch(/^http:\/\/localhost:3000\/app\/confirm-email-change\?token=[a-z2-7]{32}$/);
    const requested = await smtp.waitForMail('old.address@example.se');
    expect(requested.subject).toBe('Någon vill byta e-postadress på ditt Kollab-konto');
    expect(requested.text).toContain('new.address@example.se');

    const confirm = await t.app.request('/api/auth/confirm-email-change', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
    });

    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ status: 'email_changed' });
    // Confirmed from a browser without this session: every session of the account has ended.
    expect((await getUser(user.id, cookie)).status).toBe(401);
    expect(await (await getUser(user.id, await loginAs(t.db, user))).json()).toEqual({
      data: { ...viewOf(user), email: 'new.address@example.se' },
    });
    const notice = await smtp.waitForMail('old.address@example.se', (mail) => mail.subject.includes('har ändrats'));
    expect(notice.subject).toBe('Din e-postadress hos Kollab har ändrats');
    expect(notice.text).toContain('new.address@example.se');
  });

  it('invalidates the link to an earlier requested address when another one is requested', async () => {
    const { user, cookie } = await signedIn('creator', { email: 'changes.twice@example.se' });
    await updateUser(user.id, { email: 'typo.address@example.se' }, cookie);
    const typoLink = smtp.linkIn(await smtp.waitForMail('typo.address@example.se'), '/app/confirm-email-change');

    const second = await updateUser(user.id, { email: 'right.address@example.se' }, cookie);

    expect((await dataOf(second)).pendingEmail).toBe('right.address@example.se');
    const res = await t.app.request('/api/auth/confirm-email-change', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token: new URL(typoLink).searchParams.get('token') }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'Token is invalid, used or expired', { token: ['invalid_or_expired'] }),
    );
    expect((await userRow(user.id)).email).toBe('changes.twice@example.se');
  });

  it('stops showing the pending address once its link has expired', async () => {
    const { user, cookie } = await signedIn('creator');
    await updateUser(user.id, { email: 'too.late@example.se' }, cookie);

    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));

    expect(await (await getUser(user.id, cookie)).json()).toEqual({ data: viewOf(user) });
  });

  it('writes the confirmation mail in the language of the account', async () => {
    const user = await createUser(t.db, { role: 'brand', locale: 'en', fullName: 'Brand Person' });

    await updateUser(user.id, { email: 'brand.new@example.se' }, await loginAs(t.db, user));

    const mail = await smtp.waitForMail('brand.new@example.se');
    expect(mail.subject).toBe('Confirm your new e-mail address for Kollab');
    expect(mail.text).toContain('Hi Brand Person,');
  });

  it('sends nothing when the address is the current one in another case', async () => {
    const { user, cookie } = await signedIn('creator', { email: 'same.case@example.se' });

    const res = await updateUser(user.id, { email: 'SAME.Case@example.se' }, cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: viewOf(user) });
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toEqual([]);
  });

  it('lets an admin start an e-mail change for someone; the link goes to the new address', async () => {
    const { user } = await signedIn('creator', { email: 'support.case@example.se' });
    const admin = await signedIn('admin');

    const res = await updateUser(user.id, { email: 'support.new@example.se' }, admin.cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ...viewOf(user), pendingEmail: 'support.new@example.se' } });
    expect((await smtp.waitForMail('support.new@example.se')).subject).toBe('Bekräfta din nya e-postadress hos Kollab');
  });
});

describe('POST /api/user/avatar', () => {
  it('stores a 512 px WebP square and links it from the account', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await uploadAvatar(png, cookie);

    expect(res.status).toBe(200);
    const data = await dataOf(res);
    expect(data).toEqual({
      ...viewOf(user),
      image: expect.stringMatching(
        new RegExp(`^/api/user/avatar/${user.id}\\?v=avatars%2F${user.id}%2F[a-z2-7]+\\.webp$`),
      ),
    });
    expect(await (await getUser(user.id, cookie)).json()).toEqual({ data });

    const image = await t.app.request(data.image ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/webp');
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=86400');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('accepts JPEG and WebP, judging by the content and not the name', async () => {
    const { cookie } = await signedIn('brand');
    const jpeg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();

    expect((await uploadAvatar(jpeg, cookie, 'photo.txt', 'text/plain')).status).toBe(200);
    expect((await uploadAvatar(webp, cookie, 'photo', 'application/octet-stream')).status).toBe(200);
  });

  it('drops EXIF data such as the location', async () => {
    const { user, cookie } = await signedIn('creator');
    const jpeg = await sharp(png)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Anna', ImageDescription: 'Hemma i Göteborg' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeInstanceOf(Buffer);

    expect((await uploadAvatar(jpeg, cookie)).status).toBe(200);

    const image = await t.app.request(`/api/user/avatar/${user.id}`);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
  });

  it('replaces the previous picture and deletes its file', async () => {
    const { user, cookie } = await signedIn('creator');
    await uploadAvatar(png, cookie);
    const firstKey = (await userRow(user.id)).avatarKey ?? '';
    const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();

    const res = await uploadAvatar(red, cookie);

    expect(res.status).toBe(200);
    const secondKey = (await userRow(user.id)).avatarKey ?? '';
    expect(secondKey).not.toBe(firstKey);
    expect((await dataOf(res)).image).toBe(`/api/user/avatar/${user.id}?v=${encodeURIComponent(secondKey)}`);
    expect(existsSync(join(t.env.DATA_DIR, 'uploads', firstKey))).toBe(false);
    expect(existsSync(join(t.env.DATA_DIR, 'uploads', secondKey))).toBe(true);
    const served = await t.app.request(`/api/user/avatar/${user.id}`);
    const { dominant } = await sharp(Buffer.from(await served.arrayBuffer())).stats();
    expect(dominant.r).toBeGreaterThan(200);
  });

  it.each<[string, () => Uint8Array, string, string, string]>([
    [
      'a text file renamed .png',
      () => Buffer.from('just some text, not a picture\n'.repeat(20)),
      'Not a JPEG, PNG or WebP image',
      'unsupported_type',
      'notes.png',
    ],
    [
      'a GIF',
      () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      'Not a JPEG, PNG or WebP image',
      'unsupported_type',
      'a.gif',
    ],
    [
      'a PNG signature followed by garbage',
      () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]),
      'Image could not be read',
      'unsupported_type',
      'broken.png',
    ],
    ['an empty file', () => new Uint8Array(0), 'Not a JPEG, PNG or WebP image', 'unsupported_type', 'empty.png'],
    [
      'a 5.5 MB file',
      () => Buffer.alloc(Math.round(5.5 * 1024 * 1024), 1),
      'Image is over 5 MB',
      'too_large',
      'big.png',
    ],
  ])('rejects %s with 422 and keeps the old picture', async (_case, data, message, code, name) => {
    const { user, cookie } = await signedIn('creator');
    await uploadAvatar(png, cookie);
    const before = await userRow(user.id);

    const res = await uploadAvatar(data(), cookie, name);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(errorBody(res, 'validation_failed', message, { file: [code] }));
    expect(await userRow(user.id)).toEqual(before);
  });

  it('rejects a picture of over 40 megapixels (a decompression bomb) with 422', async () => {
    const { user, cookie } = await signedIn('creator');
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);

    const res = await uploadAvatar(bomb, cookie);

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'Image could not be read', { file: ['unsupported_type'] }),
    );
    expect((await userRow(user.id)).avatarKey).toBeNull();
  });

  it('rejects a JSON body with 400', async () => {
    const { cookie } = await signedIn('creator');

    const res = await t.app.request('/api/user/avatar', {
      method: 'POST',
      headers: jsonHeaders(cookie),
      body: JSON.stringify({ file: 'data:image/png;base64,iVBORw0KGgo=' }),
    });

    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorBody(res, 'bad_request', 'Unsupported Media Type'));
  });

  it('rejects a body over 6 MB with 413 before reading it', async () => {
    const { user, cookie } = await signedIn('creator');

    const res = await uploadAvatar(Buffer.alloc(7 * 1024 * 1024, 1), cookie);

    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorBody(res, 'payload_too_large', 'Request body is larger than 6291456 bytes'));
    expect((await userRow(user.id)).avatarKey).toBeNull();
  });

  it('asks for a file when the file field holds text', async () => {
    const { cookie } = await signedIn('creator');
    const form = new FormData();
    form.append('file', 'not a file');

    const res = await t.app.request('/api/user/avatar', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', Cookie: cookie },
      body: form,
    });

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'No file in the upload', { file: ['required'] }),
    );
  });

  it('asks for a file when the form has none', async () => {
    const { cookie } = await signedIn('creator');
    const form = new FormData();
    form.append('picture', 'not a file');

    const res = await t.app.request('/api/user/avatar', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000', Cookie: cookie },
      body: form,
    });

    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(
      errorBody(res, 'validation_failed', 'No file in the upload', { file: ['required'] }),
    );
  });

  it('refuses an anonymous upload and stores nothing', async () => {
    const res = await uploadAvatar(png);

    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorBody(res, 'unauthorized', 'Sign in first'));
    expect(existsSync(join(t.env.DATA_DIR, 'uploads', 'avatars', 'undefined'))).toBe(false);
  });

  it('refuses a cross-site upload', async () => {
    const { user, cookie } = await signedIn('creator');
    const form = new FormData();
    form.append('file', new File([png], 'me.png', { type: 'image/png' }));

    const res = await t.app.request('/api/user/avatar', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: cookie },
      body: form,
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Cross-site request refused (CSRF check)'));
    expect((await userRow(user.id)).avatarKey).toBeNull();
  });
});

describe('GET /api/user/avatar/{id}', () => {
  it('answers 404 for a user without a picture and for an unknown user', async () => {
    const { user } = await signedIn('creator');

    for (const id of [user.id, 'nosuchuserxxxxxxxxxxxxxx']) {
      const res = await t.app.request(`/api/user/avatar/${id}`);

      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(errorBody(res, 'not_found', 'No profile picture'));
    }
  });
});
