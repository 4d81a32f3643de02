import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes, loadSignedInRoutes, loadSignInPage } from './app';
import { loadShell } from './components/layout/data-shell';
import { RenderClock } from './hooks/use-now';
import type { Session } from './lib/auth-client';
import { RenderedParts } from './lib/lazy-named';
import { ServerDataProvider } from './providers/first-data';
import { type Locale, loadAllTexts } from './providers/i18n-provider';
import { ServerSessionProvider } from './providers/session';

/**
 * The portal's first paint from the server (ADR 034, fourth step). The API (api/src/portal-html.ts)
 * loads this module from the build (`dist-server/entry-server.js`) and renders the address with the
 * request's session, language and first data; the browser hydrates the markup (main.tsx).
 */
export interface RenderInput {
  /** The address below the site, `/app/campaigns` (with its query). */
  url: string;
  locale: Locale;
  session: Session | null;
  /** The page's first GETs' answers, by path. */
  data: ReadonlyMap<string, unknown>;
  /**
   * The time the page is rendered at (ms): texts relative to now are measured from it, and the
   * browser hydrates with the same (hooks/use-now.ts, the root's `data-rendered-at`).
   */
  now: number;
  /** Aborts the render (the caller's time limit). */
  signal?: AbortSignal;
}

export interface RenderOutput {
  /** What goes into `<div id="root">`. */
  html: string;
  /** Emotion's `<style>` elements for that markup, for the head. */
  styles: string;
  /** The page's main picture's preload, for the head before the page's chunks (or ''). */
  preload: string;
  /**
   * The lazily loaded parts the markup has (lib/lazy-named.tsx), which the browser loads before
   * it hydrates: `data-parts` on the root.
   */
  parts: string[];
}

/**
 * Everything a render may need, loaded once: both languages' texts, both halves of the app and
 * Refine, so a render waits for no module (and stays within the caller's time limit).
 */
export async function prepare(): Promise<void> {
  // The texts first: the shell loads the areas' texts of the languages already loaded.
  await loadAllTexts();
  await Promise.all([loadSignInPage(), loadSignedInRoutes(), loadShell()]);
  // The first render runs cold code (about 0.5 s, 15–35 ms after): here, not in a visitor's budget.
  // Signed in, the frame and Refine's pages warm up with a made-up session and no data (loading).
  const session = (role: Session['user']['role']): Session => ({
    user: {
      id: 'warm-up',
      name: '',
      email: '',
      image: null,
      role,
      emailVerified: true,
      locale: 'sv',
      twoFactor: false,
    },
    expires: new Date(0).toISOString(),
  });
  for (const locale of ['sv', 'en'] as const) {
    await render({ url: '/app/login', locale, session: null, data: new Map(), now: Date.now() });
  }
  for (const url of ['/app/', '/app/campaigns', '/app/campaigns/warm-up']) {
    await render({ url, locale: 'sv', session: session('creator'), data: new Map(), now: Date.now() });
  }
  await render({ url: '/app/discovery', locale: 'sv', session: session('brand'), data: new Map(), now: Date.now() });
  await render({ url: '/app/admin/users', locale: 'sv', session: session('admin'), data: new Map(), now: Date.now() });
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  // A cache per request: Emotion's default one would collect every request's styles. `compat`
  // keeps it from writing `<style>` elements into the markup; the styles are read from it after.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const errors: unknown[] = [];
  const parts = new Set<string>();
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <StaticRouter location={input.url} basename="/app">
          <ServerSessionProvider session={input.session}>
            <ServerDataProvider data={input.data}>
              <RenderClock value={input.now}>
                <RenderedParts value={parts}>
                  <AppRoutes serverLocale={input.locale} />
                </RenderedParts>
              </RenderClock>
            </ServerDataProvider>
          </ServerSessionProvider>
        </StaticRouter>
      </CacheProvider>
    </StrictMode>,
    {
      ...(input.signal ? { signal: input.signal } : {}),
      // Every part in place: React would move a large or late part to the end of the document
      // with an inline script to put it back, which the portal's CSP (`script-src 'self'`) refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // React would leave a failed part to the browser (a loading state where the page should be):
      // any error fails the render, and the API serves the page unrendered.
      onError: (error: unknown) => {
        errors.push(error);
      },
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  return { html, styles: stylesOf(cache), preload: leadImagePreload(html), parts: [...parts].sort() };
}

/**
 * A preload of the page's main picture (the `<img fetchpriority="high">` of the list's first card or
 * a campaign's cover, its LCP element), so the browser asks for it from the head, before the
 * page's chunks take the link. The attributes are copied as React wrote them (already escaped).
 */
function leadImagePreload(html: string): string {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/.exec(html)?.[0];
  if (!img) return '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(img)?.[1];
  const src = attribute('src');
  if (!src) return '';
  const srcset = attribute('srcSet') ?? attribute('srcset');
  const sizes = attribute('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${
    sizes ? ` imagesizes="${sizes}"` : ''
  } fetchpriority="high">`;
}

/**
 * Emotion's styles for the render, as the elements its browser cache picks up: `data-emotion="css
 * <names>"` marks those names as inserted (no second copy at hydration), global styles each in
 * `data-emotion="css-global <name>"`, which `<Global>` takes over.
 */
function stylesOf(cache: ReturnType<typeof createCache>): string {
  const names: string[] = [];
  let css = '';
  let globals = '';
  for (const [name, inserted] of Object.entries(cache.inserted)) {
    if (typeof inserted !== 'string') continue;
    // Nothing may end the element early: `<\/style` is the same text to CSS (an escaped `/`).
    const value = inserted.replace(/<\/(style)/gi, '<\\/$1');
    if (cache.registered[`${cache.key}-${name}`] === undefined && !value.includes(`.${cache.key}-${name}`)) {
      globals += `<style data-emotion="${cache.key}-global ${name}">${value}</style>`;
      continue;
    }
    names.push(name);
    css += value;
  }
  return `${globals}<style data-emotion="${cache.key} ${names.join(' ')}">${css}</style>`;
}
