import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithBuild, createAppWithBuild, PORTAL_INDEX_HTML } from '../test/support/built-files.ts';
import { createUser } from '../test/support/factories.ts';
import { cookiesSetBy, loginAs } from '../test/support/login-as.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { PORTAL_POLICY } from './lib/content-security-policy.ts';
import { SESSION_COOKIE } from './modules/auth/session.ts';
import { matchPagePath, scriptSafeJson } from './portal-html.ts';

const INDEX = PORTAL_INDEX_HTML;
/** The first-load list of a portal build (portal/vite.config.ts). */
const FIRST_LOAD = {
  signIn: ['/app/assets/sign-in-1.js'],
  signedIn: ['/app/assets/signed-in-1.js', '/app/assets/Badge-1.js'],
  data: ['/app/assets/refine-shell-1.js', '/app/assets/dist-1.js'],
  texts: {
    sv: { base: ['/app/assets/dictionary.sv-1.js'], areas: ['/app/assets/dictionary-areas.sv-1.js'] },
    en: { base: ['/app/assets/dictionary.en-1.js'], areas: ['/app/assets/dictionary-areas.en-1.js'] },
  },
  home: ['/api/home'],
  pages: [
    { path: '/campaigns', files: ['/app/assets/list-1.js', '/app/assets/Chip-1.js'], data: ['/api/campaigns?page=1'] },
    {
      path: '/campaigns/:id',
      files: ['/app/assets/show-1.js', '/app/assets/Chip-1.js'],
      data: ['/api/campaigns/:id', '/api/categories'],
    },
    { path: '/discovery', files: ['/app/assets/search-1.js'], data: ['/api/discovery/status'], dataRoles: ['brand'] },
  ],
};
const html = { Accept: 'text/html,application/xhtml+xml' };
const preload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;
const preloadData = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;
/** index.html with `lines` before `</head>`, as the server writes it. */
const withHead = (lines: string[]) => INDEX.replace('</head>', `${lines.join('\n')}\n</head>`);

let build: AppWithBuild;
let t: TestApp;

beforeAll(async () => {
  build = await createAppWithBuild({
    'portal/index.html': INDEX,
    'portal/.vite/first-load.json': JSON.stringify(FIRST_LOAD),
    'site/index.html': '<h1>Hej</h1>',
  });
  t = build.t;
});
afterAll(() => build.close());

/** The JSON in the page's session element, or undefined when it has none. */
function servedSession(page: string): unknown {
  const match = /<script type="application\/json" id="kollab-session">(.*?)<\/script>/s.exec(page);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('the portal HTML for a visitor who is signed out', () => {
  it('leaves the pages other than sign-in as built, revalidated by an ETag of their text', async () => {
    for (const path of ['/app/', '/app/campaigns', '/app/register']) {
      const res = await t.app.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
      expect(res.headers.get('content-security-policy')).toBe(PORTAL_POLICY);
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
      const again = await t.app.request(path, { headers: { ...html, 'If-None-Match': etag } });
      expect(again.status).toBe(304);
    }
  });

  it('names the sign-in page’s chunks and the texts of its language', async () => {
    const sv = await t.app.request('/app/login', { headers: html });
    expect(await sv.text()).toBe(
      withHead([preload('/app/assets/sign-in-1.js'), preload('/app/assets/dictionary.sv-1.js')]),
    );
    const en = await t.app.request('/app/login', { headers: { ...html, Cookie: 'locale=en' } });
    const enText = await en.text();
    expect(enText).toBe(withHead([preload('/app/assets/sign-in-1.js'), preload('/app/assets/dictionary.en-1.js')]));
    // The language is part of the text, so its ETag differs.
    expect(en.headers.get('etag')).not.toBe(sv.headers.get('etag'));
    const fromQuery = await t.app.request('/app/login?locale=en', { headers: html });
    expect(await fromQuery.text()).toBe(enText);
  });

  it('treats a cookie without a session as signed out and drops it', async () => {
    const res = await t.app.request('/app/', { headers: { ...html, Cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(cookiesSetBy(res)[SESSION_COOKIE]?.value).toBe('');
  });
});

describe('the portal HTML for a signed-in visitor', () => {
  it('carries the session the API answers, is never stored and keeps the portal’s CSP', async () => {
    const user = await createUser(t.db, { role: 'creator' });
    const cookie = await loginAs(t.db, user);
    const res = await t.app.request('/app/', { headers: { ...html, Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe(PORTAL_POLICY);
    const page = await res.text();
    const session = await (await t.app.request('/api/auth/session', { headers: { Cookie: cookie } })).json();
    expect(session).toMatchObject({ user: { id: user.id, email: user.email, role: 'creator' } });
    expect(page).toBe(
      withHead([
        preload('/app/assets/signed-in-1.js'),
        preload('/app/assets/Badge-1.js'),
        preload('/app/assets/dictionary.sv-1.js'),
        preloadData('/api/home'),
        `<script type="application/json" id="kollab-session">${JSON.stringify(session)}</script>`,
      ]),
    );
  });

  it('names Refine, the areas’ texts, the page’s own chunks and its first data on a data page, each once', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
    const res = await t.app.request('/app/campaigns/a%22b', { headers: { ...html, Cookie: cookie } });
    const page = await res.text();
    const links = [...page.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    expect(links).toEqual([
      'modulepreload /app/assets/signed-in-1.js',
      'modulepreload /app/assets/Badge-1.js',
      'modulepreload /app/assets/dictionary.sv-1.js',
      'modulepreload /app/assets/refine-shell-1.js',
      'modulepreload /app/assets/dist-1.js',
      'modulepreload /app/assets/dictionary-areas.sv-1.js',
      'modulepreload /app/assets/show-1.js',
      'modulepreload /app/assets/Chip-1.js',
      // The address's id, encoded as the portal encodes it (so no quote can end the attribute).
      'preload /api/campaigns/a%22b',
      'preload /api/categories',
    ]);
    expect(page).toContain(preloadData('/api/campaigns/a%22b'));
    // With a query (filters, another page) the page asks for other data: none is guessed.
    const filtered = await (await t.app.request('/app/campaigns?q=x', { headers: { ...html, Cookie: cookie } })).text();
    expect(filtered).toContain(preload('/app/assets/list-1.js'));
    expect(filtered).not.toContain('as="fetch"');
    // A page whose data is for other roles: its chunks, no data the API would refuse.
    const discovery = await (await t.app.request('/app/discovery', { headers: { ...html, Cookie: cookie } })).text();
    expect(discovery).toContain(preload('/app/assets/search-1.js'));
    expect(discovery).not.toContain('as="fetch"');
    const brandCookie = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const forBrand = await (
      await t.app.request('/app/discovery', { headers: { ...html, Cookie: brandCookie } })
    ).text();
    expect(forBrand).toContain(preloadData('/api/discovery/status'));
    // A page missing from the list still gets the frame's and Refine's chunks.
    const other = await (await t.app.request('/app/earnings', { headers: { ...html, Cookie: cookie } })).text();
    expect(other).toContain(preload('/app/assets/refine-shell-1.js'));
    expect(other).not.toContain('/app/assets/list-1.js');
    expect(other).not.toContain('as="fetch"');
  });

  it('escapes the session so no text of the user can end the element', async () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    const user = await createUser(t.db, { role: 'brand', fullName: name });
    const cookie = await loginAs(t.db, user);
    const page = await (await t.app.request('/app/', { headers: { ...html, Cookie: cookie } })).text();
    expect(page).not.toContain('alert(1)</script>');
    expect(page).not.toContain('<!--');
    // One inline element only (the data block), and the name comes back whole.
    expect(page.match(/<script/g)).toHaveLength(2);
    expect(servedSession(page)).toMatchObject({ user: { id: user.id, name, role: 'brand' } });
  });

  it('answers HEAD without a body', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
    const res = await t.app.request('/app/', { method: 'HEAD', headers: { ...html, Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toBe('');
  });
});

describe('scriptSafeJson', () => {
  it('escapes what could end or change a script element, and parses back to the same value', () => {
    const value = { name: '</script><!--<script>', more: 'a & b > c \u2028\u2029' };
    const text = scriptSafeJson(value);
    expect(text).toBe(
      '{"name":"\\u003c/script\\u003e\\u003c!--\\u003cscript\\u003e","more":"a \\u0026 b \\u003e c \\u2028\\u2029"}',
    );
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('matchPagePath', () => {
  it.each([
    ['/campaigns', '/campaigns', {}],
    ['/campaigns', '/campaigns/', {}],
    ['/campaigns/:id', '/campaigns/abc', { id: 'abc' }],
    ['/campaigns/:id', '/campaigns', null],
    ['/campaigns/:id', '/campaigns/abc/pay', null],
    ['/admin/users', '/admin/brands', null],
  ])('%s against %s: %j', (pattern, path, expected) => {
    expect(matchPagePath(pattern, path)).toEqual(expected);
  });
});
