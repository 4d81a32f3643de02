import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithBuild, createAppWithBuild } from '../../test/support/built-files.ts';
import type { TestApp } from '../../test/support/test-app.ts';

let build: AppWithBuild;
let t: TestApp;
const html = { Accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  build = await createAppWithBuild({
    'site/index.html': '<h1>Hej</h1>',
    'site/en/index.html': '<h1>Hello</h1>',
    'site/404.html': '<h1>Sidan hittades inte</h1>',
    'site/en/404/index.html': '<h1>Page not found</h1>',
    'site/_astro/page.abc123.js': 'console.log(1)',
    'site/favicon.svg': '<svg/>',
    'portal/index.html': '<div id="root"></div>',
    'portal/assets/index-abc.js': 'export {}',
    'secret.txt': 'outside the served folders',
  });
  t = build.t;
});
afterAll(() => build.close());

describe('the marketing site at /', () => {
  it('serves Swedish at the root and English under /en/', async () => {
    const sv = await t.app.request('/');
    expect(sv.status).toBe(200);
    expect(sv.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await sv.text()).toBe('<h1>Hej</h1>');
    expect(await (await t.app.request('/en/')).text()).toBe('<h1>Hello</h1>');
  });

  it('redirects a folder without its trailing slash, keeping the query', async () => {
    const res = await t.app.request('/en?ref=mail');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/en/?ref=mail');
  });

  it('answers unknown pages with the 404 page of their language', async () => {
    const sv = await t.app.request('/finns-inte', { headers: html });
    expect(sv.status).toBe(404);
    expect(await sv.text()).toBe('<h1>Sidan hittades inte</h1>');
    const en = await t.app.request('/en/missing', { headers: html });
    expect(en.status).toBe(404);
    expect(await en.text()).toBe('<h1>Page not found</h1>');
  });

  it('caches hashed assets forever and revalidates pages', async () => {
    const asset = await t.app.request('/_astro/page.abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const page = await t.app.request('/');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await t.app.request('/favicon.svg');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const second = await t.app.request('/favicon.svg', { headers: { 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/en/..%2f..%2fsecret.txt'])(
    'never serves files outside its folder (%s)',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('outside the served folders');
    },
  );
});

describe('the portal at /app', () => {
  it('redirects /app to /app/', async () => {
    const res = await t.app.request('/app');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/app/');
  });

  it('serves index.html for client-side routes (SPA fallback)', async () => {
    for (const path of ['/app/', '/app/login', '/app/campaigns/abc', '/app/discovery/instagram/cleo.creates']) {
      const res = await t.app.request(path, { headers: html });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('<div id="root"></div>');
    }
  });

  it('does not answer a missing asset with the app shell', async () => {
    const res = await t.app.request('/app/assets/missing.js');
    expect(res.status).toBe(404);
    const favicon = await t.app.request('/app/missing.png', { headers: html });
    expect(favicon.status).toBe(404);
  });

  it('serves its hashed assets as immutable', async () => {
    const res = await t.app.request('/app/assets/index-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
