import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithBuild, createAppWithBuild } from '../../test/support/built-files.ts';
import type { TestApp } from '../../test/support/test-app.ts';

/** A script above the 1 KB the build compresses from. */
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `ord ${n}`))};\n`;
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
    'portal/assets/big-abc.js': BIG_SCRIPT,
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

describe('hashed assets as the build compressed them (scripts/precompress.ts)', () => {
  const path = '/app/assets/big-abc.js';
  beforeAll(() => {
    const script = fileURLToPath(new URL('../../../scripts/precompress.ts', import.meta.url));
    execFileSync(process.execPath, [script, join(build.root, 'portal/assets')]);
  });

  it('sends the Brotli copy to a browser that takes it, whole and with its own ETag', async () => {
    const res = await t.app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(res.status).toBe(200);
    const copy = await readFile(join(build.root, 'portal/assets/big-abc.js.br'));
    expect({
      encoding: res.headers.get('content-encoding'),
      vary: res.headers.get('vary'),
      length: res.headers.get('content-length'),
      type: res.headers.get('content-type'),
      cache: res.headers.get('cache-control'),
    }).toEqual({
      encoding: 'br',
      vary: 'Accept-Encoding',
      length: String(copy.length),
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(copy.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    const again = await t.app.request(path, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('sends the gzip copy when Brotli is refused or not named', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const res = await t.app.request(path, { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG_SCRIPT);
      expect(res.headers.get('etag')).toMatch(/-gzip"$/);
    }
  });

  it('sends the file itself to a client that takes no encoding, and leaves small files alone', async () => {
    const plain = await t.app.request(path);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
    const small = await t.app.request('/app/assets/index-abc.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export {}');
  });
});
