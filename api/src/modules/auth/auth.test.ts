import { sessions, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createUser } from '../../../test/support/factories.ts';
import { cookiesSetBy } from '../../../test/support/login-as.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'vattenmelon-cykel-7';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The test app's PUBLIC_URL: every url the auth routes answer is on it, whatever host the request named. */
const PUBLIC = 'http://localhost:3000';
const REFUSED = { url: `${PUBLIC}/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F` };

const errorBody = (res: Response, code: string, message: string, fields?: Record<string, string[]>) => ({
  error: { code, message, ...(fields ? { fields } : {}), requestId: res.headers.get('x-request-id') },
});

describe('GET /api/auth/session, /csrf, /providers', () => {
  it('answers {} without a session', async () => {
    const browser = new TestBrowser(t);
    const res = await browser.request('/api/auth/session');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('hands out a CSRF token in the body and an HttpOnly cookie', async () => {
    const res = await t.app.request('/api/auth/csrf');
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[a-z2-7]{32}$/);
    expect(cookiesSetBy(res).kollab_csrf).toEqual({
      value: csrfToken,
      attributes: 'Path=/api/auth; HttpOnly; SameSite=Lax',
    });
  });

  it('lists the credentials providers (password, then the code step) when Google is not configured, with absolute URLs', async () => {
    const res = await t.app.request('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      credentials: {
        id: 'credentials',
        name: 'E-mail',
        type: 'credentials',
        signinUrl: `${PUBLIC}/api/auth/signin/credentials`,
        callbackUrl: `${PUBLIC}/api/auth/callback/credentials`,
      },
      totp: {
        id: 'totp',
        name: 'Authenticator app',
        type: 'credentials',
        signinUrl: `${PUBLIC}/api/auth/signin/totp`,
        callbackUrl: `${PUBLIC}/api/auth/callback/totp`,
      },
      passkey: {
        id: 'passkey',
        name: 'Passkey',
        type: 'credentials',
        signinUrl: `${PUBLIC}/api/auth/signin/passkey`,
        callbackUrl: `${PUBLIC}/api/auth/callback/passkey`,
      },
    });
  });
});

describe('sign-up, verification and sign-in', () => {
  it('signs up, mails a verification link that signs in, and then signs in with the password', async () => {
    const browser = new TestBrowser(t);
    const signup = await browser.postJson('/api/auth/signup', {
      fullName: 'Astrid Ek',
      email: 'Astrid.Ek@Example.se',
      password: PASSWORD,
      role: 'creator',
      acceptPrivacy: true,
      locale: 'en',
    });
    expect(signup.status).toBe(202);
    expect(await signup.json()).toEqual({ status: 'check_email' });
    expect(await browser.session()).toEqual({});

    const mail = await smtp.waitForMail('astrid.ek@example.se');
    expect(mail.subject).toBe('Confirm your e-mail address for Kollab');
    const token = new URL(smtp.linkIn(mail, '/app/verify-email?token=')).searchParams.get('token');

    const verified = await browser.postJson('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({
      user: {
        id: expect.any(String),
        name: 'Astrid Ek',
        email: 'astrid.ek@example.se',
        image: null,
        role: 'creator',
        emailVerified: true,
        locale: 'en',
        twoFactor: false,
      },
      expires: expect.any(String),
    });
    expect(await browser.session()).toMatchObject({ user: { email: 'astrid.ek@example.se', emailVerified: true } });

    const reused = await browser.postJson('/api/auth/verify-email', { token });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual(
      errorBody(reused, 'validation_failed', 'Token is invalid, used or expired', { token: ['invalid_or_expired'] }),
    );

    const other = new TestBrowser(t);
    const signIn = await other.signIn('ASTRID.EK@example.se', PASSWORD);
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toEqual({ url: `${PUBLIC}/app/` });
    expect(await other.session()).toMatchObject({ user: { name: 'Astrid Ek', role: 'creator' } });
  });

  it('answers a sign-up for a registered address exactly like a new one and mails the owner instead', async () => {
    const owner = await createUser(t.db, { email: 'taken@example.se', password: PASSWORD, locale: 'sv' });
    const res = await new TestBrowser(t).postJson('/api/auth/signup', {
      fullName: 'Someone Else',
      email: 'TAKEN@example.se',
      password: 'another-long-pass-9',
      role: 'brand',
      acceptPrivacy: true,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'check_email' });
    const mail = await smtp.waitForMail('taken@example.se');
    expect(mail.subject).toBe('Du har redan ett konto hos Kollab');
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.role).toBe('creator');
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(email) = 'taken@example.se'`);
    expect(count[0]?.n).toBe(1);
  });

  const validSignup = {
    fullName: 'Bo',
    email: 'bo@example.se',
    password: PASSWORD,
    role: 'brand',
    acceptPrivacy: true,
  };
  it.each([
    ['a short password', { password: 'short1' }, { password: ['too_short'] }],
    ['a common password', { password: 'password1234' }, { password: ['too_common'] }],
    ['a password made of the name', { fullName: 'Kalle Anka', password: 'kalleanka!!' }, { password: ['too_common'] }],
    ['a bad e-mail', { email: 'not-an-email' }, { email: ['invalid_email'] }],
    ['no privacy agreement', { acceptPrivacy: false }, { acceptPrivacy: ['required'] }],
    ['an empty name', { fullName: '  ' }, { fullName: ['required'] }],
    ['the admin role', { role: 'admin' }, { role: ['invalid_role'] }],
  ])('refuses %s with 422 and stores nothing', async (_name, change, fields) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.se`;
    const res = await new TestBrowser(t).postJson('/api/auth/signup', { ...validSignup, email, ...change });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; fields: unknown } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toEqual(fields);
    const stored = await t.db.select().from(users).where(sql`lower(email) = ${email}`);
    expect(stored).toEqual([]);
  });

  it('answers a wrong password and an unknown address the same way: 401 and the sign-in page as NextAuth does', async () => {
    await createUser(t.db, { email: 'known@example.se', password: PASSWORD });
    const wrong = await new TestBrowser(t).signIn('known@example.se', 'wrong-password-1');
    const unknown = await new TestBrowser(t).signIn('nobody@example.se', PASSWORD);
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(REFUSED);
    expect(await unknown.json()).toEqual(REFUSED);
    expect(cookiesSetBy(wrong).kollab_session).toBeUndefined();
  });

  it('lets an unverified user sign in (reading is allowed) and reports emailVerified false', async () => {
    await createUser(t.db, { email: 'unverified@example.se', password: PASSWORD, verified: false });
    const browser = new TestBrowser(t);
    await browser.signIn('unverified@example.se', PASSWORD);
    expect(await browser.session()).toMatchObject({ user: { emailVerified: false } });
    const resend = await browser.request('/api/auth/resend-verification', { method: 'POST' });
    expect(resend.status).toBe(202);
    expect((await smtp.waitForMail('unverified@example.se')).subject).toBe('Bekräfta din e-postadress hos Kollab');
  });

  it('refuses suspended users', async () => {
    const user = await createUser(t.db, { email: 'suspended@example.se', password: PASSWORD });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await new TestBrowser(t).signIn('suspended@example.se', PASSWORD);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(REFUSED);
  });

  it('keeps the callbackUrl on our own origin and answers it as an absolute URL', async () => {
    await createUser(t.db, { email: 'redirect@example.se', password: PASSWORD });
    for (const [callbackUrl, expected] of [
      ['/app/account?tab=1', '/app/account?tab=1'],
      ['http://localhost:3000/app/profile', '/app/profile'],
      ['https://evil.example/phish', '/app/'],
      ['https://evil.example/app/', '/app/'],
      ['//evil.example/phish', '/app/'],
      ['/.//evil.example/phish', '/app/'],
      ['/app/..//evil.example', '/app/'],
      ['javascript:alert(1)', '/app/'],
      ['', '/app/'],
    ]) {
      const res = await new TestBrowser(t).postForm('/api/auth/callback/credentials', {
        email: 'redirect@example.se',
        password: PASSWORD,
        callbackUrl: callbackUrl ?? '',
      });
      expect(res.status, callbackUrl).toBe(200);
      expect(await res.json(), callbackUrl).toEqual({ url: `${PUBLIC}${expected}` });
    }
  });
});

describe('CSRF protection', () => {
  it.each([
    ['without a token', null],
    ['with a wrong token', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
  ])('refuses a form post %s', async (_name, csrf) => {
    const browser = new TestBrowser(t);
    await browser.csrfToken();
    const res = await browser.postForm('/api/auth/callback/credentials', { email: 'a@b.se', password: 'x' }, { csrf });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Missing or wrong csrfToken'));
  });

  it('refuses a JSON mutation from another origin', async () => {
    const res = await t.app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@b.se' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(errorBody(res, 'forbidden', 'Cross-site request refused (CSRF check)'));
  });

  it('refuses a cross-site request by Sec-Fetch-Site even without Origin', async () => {
    const res = await t.app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify({ email: 'a@b.se' }),
    });
    expect(res.status).toBe(403);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie for the 7-day idle period, not Secure on http://localhost', async () => {
    await createUser(t.db, { email: 'cookie@example.se', password: PASSWORD });
    const res = await new TestBrowser(t).signIn('cookie@example.se', PASSWORD);
    const cookie = cookiesSetBy(res).kollab_session;
    expect(cookie?.value).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{32}$/);
    expect(cookie?.attributes).toMatch(/^Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    const expires = new Date(cookie?.attributes.match(/Expires=([^;]+)/)?.[1] ?? '').getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ settings: { PUBLIC_URL: 'https://kollab.se' } });
    try {
      await createUser(secure.db, { email: 'secure@example.se', password: PASSWORD });
      const browser = new TestBrowser(secure);
      const res = await browser.postForm(
        '/api/auth/callback/credentials',
        { email: 'secure@example.se', password: PASSWORD },
        { csrf: await browser.csrfToken() },
      );
      expect(cookiesSetBy(res).kollab_session?.attributes).toMatch(/; Secure; SameSite=Lax$/);
      expect(await res.json()).toEqual({ url: 'https://kollab.se/app/' });
    } finally {
      await secure.close();
    }
  });

  it('stores only a hash of the secret', async () => {
    await createUser(t.db, { email: 'hash@example.se', password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn('hash@example.se', PASSWORD);
    const [id, secret] = (browser.cookies.get('kollab_session') ?? '').split('.');
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id ?? ''));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(secret);
  });

  it.each([
    ['a tampered secret', (token: string) => `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`],
    ['a made-up id', (token: string) => `aaaaaaaaaaaaaaaaaaaaaaaa.${token.split('.')[1]}`],
    ['garbage', () => 'not-a-token'],
    ['too many parts', (token: string) => `${token}.extra`],
    ['a NUL in the id', (token: string) => `a%00${token}`],
  ])('rejects %s and clears the cookie', async (_name, tamper) => {
    await createUser(t.db, { email: `tamper-${_name.length}-${Date.now()}@example.se`, password: PASSWORD });
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const token = browser.cookies.get('kollab_session') ?? '';
    const res = await t.app.request('/api/auth/session', { headers: { Cookie: `kollab_session=${tamper(token)}` } });
    expect(await res.json()).toEqual({});
    expect(cookiesSetBy(res).kollab_session?.value).toBe('');
  });

  it('rejects and deletes an expired session', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const id = (browser.cookies.get('kollab_session') ?? '').split('.')[0] ?? '';
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect(await browser.session()).toEqual({});
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toEqual([]);
  });

  it('extends a session used again after a while and re-sends the cookie (lifetimes: sessions.test.ts)', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const id = (browser.cookies.get('kollab_session') ?? '').split('.')[0] ?? '';
    const seen = new Date(Date.now() - 24 * 3600 * 1000);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: seen, expiresAt: new Date(seen.getTime() + 7 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, id));
    const res = await browser.request('/api/auth/session');
    expect(cookiesSetBy(res).kollab_session).toBeDefined();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('signs out server-side: the old cookie stops working', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const stolen = browser.cookies.get('kollab_session') ?? '';
    const res = await browser.postForm('/api/auth/signout', { callbackUrl: '/app/login' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${PUBLIC}/app/login` });
    expect(cookiesSetBy(res).kollab_session?.value).toBe('');
    const replay = await t.app.request('/api/auth/session', { headers: { Cookie: `kollab_session=${stolen}` } });
    expect(await replay.json()).toEqual({});
  });

  it('updates the stored locale through POST /session', async () => {
    const user = await createUser(t.db, { password: PASSWORD, locale: 'sv' });
    const browser = new TestBrowser(t);
    await browser.signIn(user.email, PASSWORD);
    const res = await browser.postJson('/api/auth/session', {
      csrfToken: await browser.csrfToken(),
      data: { locale: 'en' },
    });
    expect(await res.json()).toMatchObject({ user: { id: user.id, locale: 'en' } });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.locale).toBe('en');
  });
});

describe('password reset and change', () => {
  it('mails a single-use link, sets the new password and ends every session', async () => {
    const user = await createUser(t.db, { email: 'reset@example.se', password: PASSWORD });
    const signedIn = new TestBrowser(t);
    await signedIn.signIn(user.email, PASSWORD);

    const ask = await new TestBrowser(t).postJson('/api/auth/forgot-password', { email: 'RESET@example.se' });
    expect(ask.status).toBe(202);
    expect(await ask.json()).toEqual({ status: 'check_email' });
    const mail = await smtp.waitForMail('reset@example.se', (m) => m.subject.includes('lösenord'));
    const token = new URL(smtp.linkIn(mail, '/app/reset-password?token=')).searchParams.get('token');

    const browser = new TestBrowser(t);
    const reset = await browser.postJson('/api/auth/reset-password', { token, password: 'ny-lang-fras-2026' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: 'password_reset' });
    expect(await signedIn.session()).toEqual({});

    const again = await browser.postJson('/api/auth/reset-password', { token, password: 'third-phrase-2026' });
    expect(again.status).toBe(422);
    const old = await browser.signIn(user.email, PASSWORD);
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual(REFUSED);
    expect(await (await browser.signIn(user.email, 'ny-lang-fras-2026')).json()).toEqual({ url: `${PUBLIC}/app/` });
  });

  it('answers an unknown address like a known one and sends nothing', async () => {
    await settlePendingWork();
    const before = smtp.messages.length;
    const res = await new TestBrowser(t).postJson('/api/auth/forgot-password', { email: 'ghost@example.se' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'check_email' });
    await t.settle();
    await settlePendingWork();
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses an expired reset link', async () => {
    const user = await createUser(t.db, { email: 'expired-reset@example.se', password: PASSWORD });
    await new TestBrowser(t).postJson('/api/auth/forgot-password', { email: user.email });
    const mail = await smtp.waitForMail(user.email);
    const token = new URL(smtp.linkIn(mail, 'reset-password')).searchParams.get('token');
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    const res = await new TestBrowser(t).postJson('/api/auth/reset-password', { token, password: 'ny-lang-fras-2026' });
    expect(res.status).toBe(422);
  });

  it('changes the password after checking the current one; other sessions end, this one continues', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const here = new TestBrowser(t);
    const elsewhere = new TestBrowser(t);
    await here.signIn(user.email, PASSWORD);
    await elsewhere.signIn(user.email, PASSWORD);

    const wrong = await here.postJson('/api/auth/change-password', {
      currentPassword: 'nope',
      newPassword: 'helt-nytt-losen-1',
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual(
      errorBody(wrong, 'validation_failed', 'Current password is wrong', { currentPassword: ['wrong_password'] }),
    );

    const ok = await here.postJson('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'helt-nytt-losen-1',
    });
    expect(await ok.json()).toEqual({ status: 'password_changed' });
    expect(await here.session()).toMatchObject({ user: { id: user.id } });
    expect(await elsewhere.session()).toEqual({});
  });

  it('needs a session to change the password', async () => {
    const res = await new TestBrowser(t).postJson('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'y'.repeat(12),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorBody(res, 'unauthorized', 'Sign in first'));
  });
});

describe('rate limits', () => {
  it('locks an account after 10 failed sign-ins with 429 and Retry-After', async () => {
    const user = await createUser(t.db, { email: 'brute@example.se', password: PASSWORD });
    const browser = new TestBrowser(t);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await browser.signIn(user.email, `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await browser.signIn(user.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(await blocked.json()).toEqual(
      errorBody(blocked, 'rate_limited', `Too many attempts; try again in ${blocked.headers.get('retry-after')} s`),
    );
  });

  it('limits sign-ups per IP', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const res = await new TestBrowser(limited).postJson('/api/auth/signup', {
          fullName: 'Flood',
          email: `flood${attempt}@example.se`,
          password: PASSWORD,
          role: 'creator',
          acceptPrivacy: true,
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(10).fill(202), 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('redirects and client logs', () => {
  it('sends GET /signin to the portal sign-in page, keeping error and a safe callbackUrl', async () => {
    const res = await t.app.request('/api/auth/signin?error=SessionRequired&callbackUrl=%2Fapp%2Faccount');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Faccount`);
    const unsafe = await t.app.request('/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example');
    expect(unsafe.status).toBe(302);
    expect(unsafe.headers.get('location')).toBe(`${PUBLIC}/app/login?callbackUrl=%2Fapp%2F`);
    // What useSession({ required: true }) sends: the page's own absolute URL, outside the portal.
    const required = await t.app.request(
      `/api/auth/signin?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: `${PUBLIC}/elsewhere/` })}`,
    );
    expect(required.headers.get('location')).toBe(`${PUBLIC}/app/login?error=SessionRequired&callbackUrl=%2Fapp%2F`);
  });

  it('sends GET /error to the portal error page', async () => {
    const res = await t.app.request('/api/auth/error?error=Configuration');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PUBLIC}/app/auth-error?error=Configuration`);
  });

  it('sends an unknown provider back to the sign-in page with its callbackUrl', async () => {
    const res = await new TestBrowser(t).postForm('/api/auth/signin/myspace', { callbackUrl: '/app/profile' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${PUBLIC}/api/auth/signin?callbackUrl=%2Fapp%2Fprofile` });
  });

  it('answers on PUBLIC_URL even when the request arrives under another host (behind a proxy)', async () => {
    const browser = new TestBrowser(t);
    const csrfToken = await browser.csrfToken();
    const res = await t.app.request('http://10.0.0.7:3000/api/auth/signout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: browser.cookieHeader,
        Origin: PUBLIC,
      },
      body: new URLSearchParams({ csrfToken, callbackUrl: 'http://10.0.0.7:3000/app/', json: 'true' }),
    });
    expect(res.status).toBe(200);
    // The callbackUrl named the internal host, another origin than PUBLIC_URL's, so it falls back.
    expect(await res.json()).toEqual({ url: `${PUBLIC}/app/login` });
  });
});
