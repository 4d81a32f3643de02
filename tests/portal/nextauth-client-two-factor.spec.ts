import { withAdminCode } from '../fixtures/admin-totp.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, openClient, serverSession, sessionStatus } from './nextauth-client/page.ts';

/**
 * Issue 19 with two-factor (issue 20): NextAuth's own client signs the demo admin in with the
 * password, which sends it on to the code step, then with `signIn('totp', { code })`; callback URLs
 * stay on this origin. The page and helpers are nextauth-client.spec.ts's.
 */
test.describe('next-auth/react against /api/auth with two-factor', () => {
  test('signIn keeps a callbackUrl on this origin and answers it absolute; the admin adds a code (two-factor); getSession has the admin role', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    await openClient(page, origin);
    const signInWithCode = () =>
      withAdminCode((code) =>
        page.evaluate((value) => window.nextAuth.signIn('totp', { redirect: false, code: value }), code),
      );
    // The password is right, so the answer sends the browser on to the code step; no session yet.
    const elsewhere = await page.evaluate(
      ({ email, password }) =>
        window.nextAuth.signIn('credentials', {
          redirect: false,
          email,
          password,
          callbackUrl: 'https://evil.example/app/',
        }),
      ADMIN,
    );
    expect(elsewhere).toEqual({
      error: null,
      status: 200,
      ok: true,
      url: `${origin}/app/login?step=totp&callbackUrl=%2Fapp%2F`,
    });
    expect(await serverSession(page)).toEqual({});
    // The code step continues where the password step was asked to go, kept on this origin.
    expect(await signInWithCode()).toEqual({ error: null, status: 200, ok: true, url: `${origin}/app/` });

    const relative = await page.evaluate(
      ({ email, password }) =>
        window.nextAuth.signIn('credentials', { redirect: false, email, password, callbackUrl: '/app/admin?tab=1' }),
      ADMIN,
    );
    expect(relative).toEqual({
      error: null,
      status: 200,
      ok: true,
      url: `${origin}/app/login?step=totp&callbackUrl=%2Fapp%2Fadmin%3Ftab%3D1`,
    });
    expect(await signInWithCode()).toEqual({ error: null, status: 200, ok: true, url: `${origin}/app/admin?tab=1` });
    await expect(sessionStatus(page)).toHaveText('authenticated');
    expect(await page.evaluate(() => window.nextAuth.getSession())).toEqual({
      user: {
        id: expect.stringMatching(/^[a-z2-7]{24}$/),
        name: 'Alva Admin',
        email: ADMIN.email,
        image: null,
        role: 'admin',
        emailVerified: true,
        locale: 'sv',
        twoFactor: true,
      },
      expires: expect.any(String),
    });
    expect(
      await page.evaluate(() => window.nextAuth.signOut({ redirect: false, callbackUrl: '/app/login?bye=1' })),
    ).toEqual({
      url: `${origin}/app/login?bye=1`,
    });
  });
});
