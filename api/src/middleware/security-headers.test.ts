import { sessions } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithBuild, createAppWithBuild } from '../../test/support/built-files.ts';
import { createUser } from '../../test/support/factories.ts';
import { loginAs } from '../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

let build: AppWithBuild;
let t: TestApp;
const html = { Accept: 'text/html,application/xhtml+xml' };

// sha256 of `console.log(1)`, `h1{color:red}` and `p{margin:0}`.
const LOG_ONE = "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='";
const RED_H1 = "'sha256-/D8wWMrWSOjeD/K4IHepvRvJjPxqJbouCB3qbqmBaqY='";
const NO_MARGIN = "'sha256-QRQPRLGyxt3RJiKpYNjpkgHcmHU2PywsfL2e8oI0LQA='";

const REPORTING = 'report-uri /api/csp-report; report-to csp';
const SITE = (scripts: string, styles: string) =>
  `default-src 'none'; script-src 'self'${scripts}; style-src 'self'${styles}; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; ${REPORTING}`;
const PORTAL = `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' blob: https:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; ${REPORTING}`;
const DOCS = `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; ${REPORTING}`;
const API = "default-src 'none'; frame-ancestors 'none'";

/** What every response carries besides its Content-Security-Policy. */
const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy':
    'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'reporting-endpoints': 'csp="/api/csp-report"',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Every header of the response except those about the content, caching and tracing. */
function securityHeaders(res: Response): Record<string, string> {
  const other = new Set([
    'content-type',
    'content-length',
    'cache-control',
    'etag',
    'vary',
    'x-request-id',
    'retry-after',
  ]);
  return Object.fromEntries([...res.headers].filter(([name]) => !other.has(name)));
}

beforeAll(async () => {
  build = await createAppWithBuild({
    'site/index.html':
      '<head><style>h1{color:red}</style><script type="application/ld+json">{}</script></head><h1>Hej</h1><script type="module">console.log(1)</script><script type="module" src="/_astro/page.js"></script>',
    'site/en/index.html': '<h1>Hello</h1>',
    'site/en/404/index.html': '<style>p{margin:0}</style><p>Page not found</p>',
    'site/404.html': '<p>Sidan hittades inte</p>',
    'site/_astro/page.js': 'console.log(2)',
    'portal/index.html': '<div id="root"></div><script type="module" src="/app/assets/index.js"></script>',
    'portal/assets/index.js': 'export {}',
  });
  t = build.t;
});
afterAll(() => build.close());

describe('security headers per surface', () => {
  it.each([
    ['a site page: its inline script and style by hash', '/', SITE(` ${LOG_ONE}`, ` ${RED_H1}`)],
    ['a site page without inline elements', '/en/', SITE('', '')],
    ["a site asset: the site's policy without hashes", '/_astro/page.js', SITE('', '')],
    ["a missing page: the 404 page's own hashes", '/en/nowhere/', SITE('', ` ${NO_MARGIN}`)],
    ['the portal shell', '/app/', PORTAL],
    ['a client-side route of the portal (SPA fallback)', '/app/campaigns/new', PORTAL],
    ['a portal asset', '/app/assets/index.js', PORTAL],
    ['the API reference', '/api/docs', DOCS],
    ["the API reference's scripts", '/api/docs/start.js', API],
    ['a JSON answer', '/api/health', API],
    ['a JSON error', '/api/nowhere', API],
  ])('%s (%s)', async (_name, path, policy) => {
    const res = await t.app.request(path, { headers: html });
    expect(res.status).toBeLessThan(500);
    expect(securityHeaders(res)).toEqual({ ...COMMON, 'content-security-policy': policy });
  });

  it('puts the same headers on an error from a handler and on a refused request', async () => {
    const malformed = await t.app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
    expect(securityHeaders(malformed)).toEqual({ ...COMMON, 'content-security-policy': API });
    const crossSite = await t.app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
    expect(securityHeaders(crossSite)).toEqual({ ...COMMON, 'content-security-policy': API });
  });

  it('puts them, and the request id, on a prepared answer sent complete, and keeps a refreshed cookie', async () => {
    // With the instance's memory on (ADR 035) on both databases: the list's answer is kept and sent
    // prepared from the second request on.
    const cached = await createTestApp({ settings: { INSTANCE_CACHE_MS: '60000' } });
    try {
      const creator = await createUser(cached.db, { role: 'creator' });
      const cookie = await loginAs(cached.db, creator);
      for (let n = 0; n < 2; n++) {
        const res = await cached.app.request('/api/campaigns', { headers: { Cookie: cookie } });
        expect(res.status).toBe(200);
        expect(securityHeaders(res)).toEqual({ ...COMMON, 'content-security-policy': API });
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
      }
      // A session last seen long ago is marked seen and its cookie sent again, on a prepared answer
      // too (once PostgreSQL's announcement has dropped the session row the instance held).
      await cached.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(sessions.userId, creator.id));
      let refreshed: Response | undefined;
      const started = performance.now();
      while (!refreshed?.headers.get('set-cookie') && performance.now() - started < 1_000) {
        // Answers from memory involve no I/O: let the announcement in between requests.
        await new Promise((resolve) => setTimeout(resolve, 10));
        refreshed = await cached.app.request('/api/campaigns', { headers: { Cookie: cookie } });
      }
      expect(refreshed?.status).toBe(200);
      expect(refreshed?.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
      expect(refreshed?.headers.get('set-cookie')).toMatch(/^kollab_session=/);
      expect(refreshed && securityHeaders(refreshed)).toEqual({
        ...COMMON,
        'content-security-policy': API,
        'set-cookie': refreshed?.headers.get('set-cookie'),
      });
    } finally {
      await cached.close();
    }
  });

  it('serves a reference page whose scripts are all files of this origin', async () => {
    const page = await (await t.app.request('/api/docs')).text();
    expect([...page.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)).toEqual([
      '<script src="/api/docs/start.js">',
      '<script src="/api/docs/scalar.js">',
    ]);
    expect(page).not.toMatch(/<style|style=|cdn\.jsdelivr|unpkg/);
  });

  it('sends Strict-Transport-Security when the public address is https', async () => {
    const https = await createTestApp({ settings: { PUBLIC_URL: 'https://kollab.example' } });
    try {
      const res = await https.app.request('/api/health');
      expect(securityHeaders(res)).toEqual({
        ...COMMON,
        'content-security-policy': API,
        'strict-transport-security': 'max-age=15552000; includeSubDomains',
      });
    } finally {
      await https.close();
    }
  });
});
