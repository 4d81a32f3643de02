import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemo } from '@kollab/db';
import { users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithBuild, createAppWithBuild, PORTAL_INDEX_HTML } from '../test/support/built-files.ts';
import { createCampaign, createUser } from '../test/support/factories.ts';
import { loginAs } from '../test/support/login-as.ts';
import { PORTAL_POLICY } from './lib/content-security-policy.ts';

// ADR 034, fourth step: the portal's pages rendered on the server, with the real renderer
// (portal/src/entry-server.tsx, built here as `npm run build` builds it).

const INDEX = PORTAL_INDEX_HTML;
const FIRST_LOAD = {
  signIn: ['/app/assets/sign-in-1.js'],
  signedIn: ['/app/assets/signed-in-1.js'],
  data: ['/app/assets/refine-shell-1.js'],
  texts: {
    sv: { base: ['/app/assets/dictionary.sv-1.js'], areas: ['/app/assets/dictionary-areas.sv-1.js'] },
    en: { base: ['/app/assets/dictionary.en-1.js'], areas: ['/app/assets/dictionary-areas.en-1.js'] },
  },
  home: ['/api/home'],
  pages: [
    {
      path: '/campaigns',
      files: ['/app/assets/list-1.js'],
      data: ['/api/campaigns?pageSize=12&page=1', '/api/categories'],
    },
    { path: '/campaigns/:id', files: ['/app/assets/show-1.js'], data: ['/api/campaigns/:id', '/api/categories'] },
    {
      path: '/discovery',
      files: ['/app/assets/discovery-1.js'],
      data: ['/api/discovery/status'],
      dataRoles: ['brand', 'admin'],
    },
    {
      path: '/admin/users',
      files: ['/app/assets/users-1.js'],
      data: ['/api/admin/users?pageSize=25&sort=createdAt&order=desc&page=1'],
      dataRoles: ['admin'],
    },
  ],
};
const html = { Accept: 'text/html,application/xhtml+xml' };
/** Generous, so a busy machine never turns these into tests of the time limit. */
const TIME_LIMIT_MS = 10_000;

let out: string;
let renderer: string;
let build: AppWithBuild;

/** The page's rendered root, or null when it came unrendered. */
function rootOf(page: string): string | null {
  const match = /<div id="root"[^>]*>(.*)<\/div>\s*<\/body>/s.exec(page);
  return match?.[1] ? match[1] : null;
}

/** The attributes of the page's root element (`id="root" inert data-parts="…"` when rendered). */
function rootAttributes(page: string): string | undefined {
  return /<div (id="root"[^>]*)>/.exec(page)?.[1];
}

/** The JSON of the page's first-data block, or undefined without one. */
function dataOf(page: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="kollab-data">(.*?)<\/script>/s.exec(page);
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : undefined;
}

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'kollab-renderer-'));
  const portal = resolve(import.meta.dirname, '../../portal');
  // Vite and its React plugin take production from NODE_ENV, which vitest sets to `test`.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await viteBuild({
    root: portal,
    configFile: join(portal, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { ssr: 'src/entry-server.tsx', outDir: out, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  renderer = join(out, 'entry-server.js');
  build = await createAppWithBuild(
    {
      'portal/index.html': INDEX,
      'portal/.vite/first-load.json': JSON.stringify(FIRST_LOAD),
      'site/index.html': '<h1>Hej</h1>',
    },
    { portalRenderer: renderer, portalRenderTimeoutMs: TIME_LIMIT_MS },
  );
  await seedDemo(build.t.db, { hashPassword: async (password: string) => `hashed:${password}` });
}, 120_000);
afterAll(async () => {
  await build?.close();
  await rm(out, { recursive: true, force: true });
});

describe('the portal rendered on the server', () => {
  it('renders the campaign list for a signed-in creator with its first data in the page', async () => {
    const [creator] = await build.t.db.select().from(users).where(eq(users.email, 'creator@demo.kollab.se'));
    if (!creator) throw new Error('no demo creator');
    const cookie = await loginAs(build.t.db, creator);
    const before = Date.now();
    const res = await build.t.app.request('/app/campaigns', { headers: { ...html, Cookie: cookie } });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toBe(PORTAL_POLICY);
    const page = await res.text();
    const root = rootOf(page) ?? '';
    // The answers the page would have asked for, as the API gives them, and no preload for them.
    const list = await (
      await build.t.app.request('/api/campaigns?pageSize=12&page=1', { headers: { Cookie: cookie } })
    ).json();
    const categories = await (await build.t.app.request('/api/categories', { headers: { Cookie: cookie } })).json();
    expect(dataOf(page)).toEqual({ '/api/campaigns?pageSize=12&page=1': list, '/api/categories': categories });
    expect(page).not.toContain('as="fetch"');
    // A demo campaign's title, in the markup, as the page shows it.
    expect(root).toContain('Höstens fjällrost');
    expect(root).toContain('<h1');
    // Inert until the browser has hydrated it, with the chunks it asks for once painted (no
    // modulepreload links: they would share the line with what it paints) and the lazily loaded
    // parts it must load first, and the time it was rendered at, which the browser hydrates with.
    const renderedAt = Number(/data-rendered-at="(\d+)"/.exec(page)?.[1]);
    expect(renderedAt).toBeGreaterThanOrEqual(before);
    expect(renderedAt).toBeLessThanOrEqual(after);
    expect(rootAttributes(page)).toBe(
      [
        'id="root" inert',
        `data-rendered-at="${renderedAt}"`,
        'data-modules="/app/assets/signed-in-1.js /app/assets/dictionary.sv-1.js /app/assets/refine-shell-1.js /app/assets/dictionary-areas.sv-1.js /app/assets/list-1.js"',
        'data-parts="CampaignsPage MessagesNavIcon NotificationBellButton RefineShell SignedInRoutes"',
      ].join(' '),
    );
    expect(page).not.toContain('modulepreload');
    // Emotion's styles for the markup, in the head; the only scripts are the entry and data blocks.
    expect(page).toMatch(/<style data-emotion="css [\w ]+">.+<\/style>\n<\/head>/s);
    expect(page.match(/<script/g)).toHaveLength(3);
  });

  it('renders the home with its data', async () => {
    const [creator] = await build.t.db.select().from(users).where(eq(users.email, 'creator@demo.kollab.se'));
    if (!creator) throw new Error('no demo creator');
    const cookie = await loginAs(build.t.db, creator);
    const page = await (await build.t.app.request('/app/', { headers: { ...html, Cookie: cookie } })).text();
    const home = await (await build.t.app.request('/api/home', { headers: { Cookie: cookie } })).json();
    expect(dataOf(page)).toEqual({ '/api/home': home });
    expect(rootOf(page)).toContain('Det här väntar på dig i dag.');
  });

  it('renders discovery for a brand with its status', async () => {
    const [brand] = await build.t.db.select().from(users).where(eq(users.email, 'brand@demo.kollab.se'));
    if (!brand) throw new Error('no demo brand');
    const cookie = await loginAs(build.t.db, brand);
    const page = await (await build.t.app.request('/app/discovery', { headers: { ...html, Cookie: cookie } })).text();
    const status = await (await build.t.app.request('/api/discovery/status', { headers: { Cookie: cookie } })).json();
    expect(dataOf(page)).toEqual({ '/api/discovery/status': status });
    expect(rootOf(page)).toMatch(/<h1[^>]*>Hitta influencers<\/h1>/);
    expect(rootOf(page)).toMatch(/I dag: \d/);
    // A creator is not shown discovery: no data asked for, nothing rendered.
    const creator = await loginAs(build.t.db, await createUser(build.t.db, { role: 'creator' }));
    const refused = await (
      await build.t.app.request('/app/discovery', { headers: { ...html, Cookie: creator } })
    ).text();
    expect(rootOf(refused)).toBeNull();
  });

  it('renders the users table for an admin with its first page', async () => {
    const cookie = await loginAs(build.t.db, await createUser(build.t.db, { role: 'admin' }));
    const page = await (await build.t.app.request('/app/admin/users', { headers: { ...html, Cookie: cookie } })).text();
    const path = '/api/admin/users?pageSize=25&sort=createdAt&order=desc&page=1';
    const list = (await (await build.t.app.request(path, { headers: { Cookie: cookie } })).json()) as {
      data: { email: string }[];
      total: number;
    };
    expect(dataOf(page)).toEqual({ [path]: list });
    const root = rootOf(page) ?? '';
    expect(root).toMatch(/<h1[^>]*>Användare<\/h1>/);
    expect(root).toContain(`Totalt: ${list.total}`);
  });

  it('renders the sign-in page for a visitor signed out, in their language, without data', async () => {
    const sv = await build.t.app.request('/app/login', { headers: html });
    const page = await sv.text();
    expect(sv.headers.get('cache-control')).toBe('no-cache');
    expect(rootOf(page)).toContain('Logga in på Kollab');
    expect(page).not.toContain('kollab-data');
    expect(page).not.toContain('kollab-session');
    // The same text for every visitor of the language (rendered once), with its ETag.
    const again = await build.t.app.request('/app/login', { headers: html });
    expect(await again.text()).toBe(page);
    const revalidated = await build.t.app.request('/app/login', {
      headers: { ...html, 'If-None-Match': sv.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);
    const en = await (await build.t.app.request('/app/login', { headers: { ...html, Cookie: 'locale=en' } })).text();
    expect(en).toContain('<html lang="en">');
    expect(rootOf(en)).toContain('Sign in to Kollab');
    // Other signed-out pages send the visitor to sign-in: nothing rendered.
    expect(rootOf(await (await build.t.app.request('/app/campaigns', { headers: html })).text())).toBeNull();
  });

  it('keeps the user’s own text inside the markup and the data block', async () => {
    const brand = await createUser(build.t.db, { role: 'brand' });
    const title = '</script><script>alert(1)</script><!-- & <b>';
    const campaign = await createCampaign(build.t.db, brand.id, { title });
    const cookie = await loginAs(build.t.db, await createUser(build.t.db, { role: 'creator' }));
    const page = await (
      await build.t.app.request(`/app/campaigns/${campaign.id}`, { headers: { ...html, Cookie: cookie } })
    ).text();
    expect(page).not.toContain('alert(1)</script>');
    expect(page).not.toContain('<!-- &');
    expect(page).not.toContain('<b>');
    expect(page.match(/<script/g)).toHaveLength(3);
    // Escaped text in the markup, whole JSON in the block.
    expect(rootOf(page)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &lt;b&gt;');
    const data = dataOf(page) as Record<string, { data: { title: string } }>;
    expect(data[`/api/campaigns/${campaign.id}`]?.data.title).toBe(title);
  });

  it('serves the page unrendered when a first GET fails (no data, the page asks itself)', async () => {
    const cookie = await loginAs(build.t.db, await createUser(build.t.db, { role: 'creator' }));
    const page = await (
      await build.t.app.request('/app/campaigns/00000000-0000-4000-8000-000000000000', {
        headers: { ...html, Cookie: cookie },
      })
    ).text();
    expect(rootOf(page)).toBeNull();
    expect(page).not.toContain('kollab-data');
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/api/categories">');
  });
});

describe('a renderer that fails', () => {
  let broken: AppWithBuild;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'kollab-broken-renderer-'));
    // Prepares fine, then throws on the home and never finishes the campaign list.
    await writeFile(
      join(folder, 'entry-server.js'),
      [
        'export async function prepare() {}',
        'export function render(input) {',
        "  if (input.url.startsWith('/app/campaigns')) return new Promise(() => {});",
        "  throw new Error('render failed');",
        '}',
      ].join('\n'),
    );
    broken = await createAppWithBuild(
      {
        'portal/index.html': INDEX,
        'portal/.vite/first-load.json': JSON.stringify(FIRST_LOAD),
        'site/index.html': '<h1>Hej</h1>',
      },
      { portalRenderer: join(folder, 'entry-server.js'), portalRenderTimeoutMs: 50 },
    );
  });
  afterAll(async () => {
    await broken?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('serves today’s HTML: the session, the chunks and the data preloads, nothing rendered', async () => {
    const cookie = await loginAs(broken.t.db, await createUser(broken.t.db, { role: 'creator' }));
    for (const [path, preload] of [
      ['/app/', '/api/home'],
      ['/app/campaigns', '/api/categories'],
    ] as const) {
      const res = await broken.t.app.request(path, { headers: { ...html, Cookie: cookie } });
      expect(res.status, path).toBe(200);
      const page = await res.text();
      expect(rootOf(page), path).toBeNull();
      expect(page).toContain('id="kollab-session"');
      expect(page).not.toContain('kollab-data');
      expect(page).toContain(`<link rel="preload" as="fetch" crossorigin href="${preload}">`);
    }
    const signIn = await (await broken.t.app.request('/app/login', { headers: html })).text();
    expect(rootOf(signIn)).toBeNull();
  });
});
