import { describe, expect, it } from 'vitest';
import { absoluteUrl, safeCallbackPath, signInPagePath } from './redirects.ts';

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

describe('absoluteUrl', () => {
  it.each([
    ['/app/', 'https://kollab.se/app/'],
    [
      '/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F',
      'https://kollab.se/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F',
    ],
    ['/api/auth/signin?callbackUrl=%2Fapp%2F', 'https://kollab.se/api/auth/signin?callbackUrl=%2Fapp%2F'],
  ])('puts %s on the public origin', (path, expected) => {
    expect(absoluteUrl(path, PUBLIC_URL)).toBe(expected);
    expect(absoluteUrl(path, `${PUBLIC_URL}/`)).toBe(expected);
  });

  it('keeps a port and drops nothing else of the path', () => {
    expect(absoluteUrl(signInPagePath({ error: 'SessionRequired' }), 'http://127.0.0.1:4010')).toBe(
      'http://127.0.0.1:4010/app/login?error=SessionRequired',
    );
  });

  it.each(['app/', '//evil.example/app/', 'https://evil.example/app/', ''])('refuses %j, which is no path', (raw) => {
    expect(() => absoluteUrl(raw, PUBLIC_URL)).toThrow(`not a path on this origin: ${raw}`);
  });
});
