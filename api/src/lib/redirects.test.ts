import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './redirects.ts';

const PUBLIC_URL = 'https://kollab.se';

describe('safeCallbackPath', () => {
  it.each([
    ['/app/account?tab=1', '/app/account?tab=1'],
    ['/app', '/app'],
    ['https://kollab.se/app/profile#x', '/app/profile#x'],
    ['/app/campaigns/../account', '/app/account'],
  ])('keeps the portal path %s', (raw, expected) => {
    expect(safeCallbackPath(raw, PUBLIC_URL)).toBe(expected);
  });

  // The red-team review's inputs: the raw text passes a prefix check, the normalised URL is `//host`.
  it.each([
    '/.//evil.example/phish',
    '/app/..//evil.example',
    '/app/%2e%2e//evil.example',
    '/app/..\\/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/app/',
    'https://kollab.se.evil.example/app/',
    'javascript:alert(1)',
    '/api/auth/signout',
    '/appx/',
  ])('falls back for %s', (raw) => {
    expect(safeCallbackPath(raw, PUBLIC_URL)).toBe('/app/');
    expect(safeCallbackPath(raw, PUBLIC_URL, '/app/login')).toBe('/app/login');
  });
});
