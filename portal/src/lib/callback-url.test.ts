import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeCallbackUrl } from './callback-url';

// The portal resolves callback URLs against the page's origin; the fast suite has no browser.
const original = globalThis.window;
beforeAll(() => {
  Object.assign(globalThis, { window: { location: { origin: 'http://localhost:3000' } } });
});
afterAll(() => {
  Object.assign(globalThis, { window: original });
});

describe('safeCallbackUrl', () => {
  it.each([
    ['/app/account?tab=1', '/app/account?tab=1'],
    ['/app', '/app'],
    ['/app/#top', '/app/#top'],
    ['http://localhost:3000/app/profile', '/app/profile'],
  ])('keeps the portal path %s', (raw, expected) => {
    expect(safeCallbackUrl(raw)).toBe(expected);
  });

  // Each of these resolved to a path the browser reads as another host before the fix.
  it.each([
    '/.//evil.example/phish',
    '/app/..//evil.example',
    '/app/%2e%2e//evil.example',
    '/app/..\\/evil.example',
    '//evil.example/phish',
    '/\\evil.example',
    'https://evil.example/app/',
    'javascript:alert(1)',
    '/api/auth/signout',
    '/appx',
    '',
    null,
  ])('falls back to the dashboard for %s', (raw) => {
    expect(safeCallbackUrl(raw)).toBe('/app/');
  });
});
