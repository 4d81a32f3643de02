import type { Page } from '@playwright/test';
import { expect } from '../../fixtures/test.ts';
import { bundleNextAuthClient, CLIENT_PATH } from './bundle.ts';

/* The NextAuth client's test page and what its spec (../nextauth-client.spec.ts) reads from it. */

export const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
export const ADMIN = { email: 'admin@demo.kollab.se', password: 'demo-admin-2026' };
/** The user the Google stand-in grants every authorization for (stand-ins/google/app.ts). */
export const GOOGLE_USER = { email: 'oauth@example.se', name: 'Olle OAuth' };
/** What Chromium logs for a request the server answered 401: the refused sign-in, which is the point. */
export const LOGGED_401 = 'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)';

/** The page, bundled once per worker on first use. */
let bundled: Promise<{ html: string; script: string }> | undefined;

/**
 * Serves the bundled page under CLIENT_PATH on baseURL (only this page's own files; /api goes
 * through), under the portal's own Content-Security-Policy, as an app on this origin would be.
 */
export async function serveClient(page: Page, origin: string): Promise<void> {
  const policy = (await page.request.get(`${origin}/app/`)).headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  bundled ??= bundleNextAuthClient();
  const page$ = await bundled;
  await page.route(
    (url) => url.origin === origin && url.pathname.startsWith(CLIENT_PATH),
    (route) => {
      const isScript = new URL(route.request().url()).pathname === `${CLIENT_PATH}app.js`;
      return route.fulfill({
        status: 200,
        contentType: isScript ? 'text/javascript; charset=utf-8' : 'text/html; charset=utf-8',
        headers: { 'Content-Security-Policy': policy },
        body: isScript ? page$.script : page$.html,
      });
    },
  );
}

/** Opens the page and waits until `useSession` has settled (no longer loading). */
export async function openClient(page: Page, origin: string, query = ''): Promise<void> {
  await serveClient(page, origin);
  await page.goto(`${CLIENT_PATH}${query}`);
  await expect(page.getByRole('heading', { name: 'NextAuth client' })).toBeVisible();
}

export function sessionStatus(page: Page) {
  return page.getByRole('status');
}

/** The session object as the API itself answers it to this page's cookies. */
export async function serverSession(page: Page): Promise<unknown> {
  return (await page.request.get('/api/auth/session')).json();
}

/** Removes the one expected entry from the page's logged errors (asserting it is there). */
export function expectLogged(pageErrors: string[], expected: string): void {
  const index = pageErrors.indexOf(expected);
  expect(index, `logged: ${expected}\nlogged instead: ${pageErrors.join('\n')}`).toBeGreaterThanOrEqual(0);
  pageErrors.splice(index, 1);
}
