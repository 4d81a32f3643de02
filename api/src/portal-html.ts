import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstLoad } from '@kollab/contract/first-load';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import type { AppEnv } from './lib/context.ts';
import { noneMatch } from './lib/if-none-match.ts';
import type { FoundFile } from './lib/static-files.ts';
import { readRequestSession } from './middleware/session.ts';
import { sessionView } from './modules/auth/session-view.ts';

/**
 * The portal's HTML with what its first render waits for (ADR 034). Under a slow link every hop
 * between the HTML and the first render costs a round trip, so the page says at once what it needs:
 * - `<link rel="modulepreload">` for the chunks of the address's page and its language's texts,
 *   from the build's `.vite/first-load.json` (portal/vite.config.ts), fetched beside the boot chunk
 *   instead of after it has run;
 * - for a signed-in visitor, the session (what `GET /api/auth/session` answers) as JSON in
 *   `<script type="application/json" id="kollab-session">`: a data block, which the CSP's
 *   `script-src` does not govern and the browser never runs; the portal reads it instead of asking.
 * Signed-in HTML carries personal data, so it is `private, no-store`; signed-out HTML has no
 * session and keeps `no-cache` with an ETag of its own text.
 *
 * With the build's renderer (`portal/dist-server/entry-server.js`, ADR 034 fourth step) the pages
 * of `RENDERED` also arrive painted: the server renders the page into `<div id="root">` with its
 * first data, answered in-process, which the page gets in `<script type="application/json"
 * id="kollab-data">` and hydrates with. Such a page comes `inert` (nothing can be clicked, typed
 * or submitted before its code runs) and names its chunks on the root (`data-modules`) instead of
 * modulepreload links: portal/src/start.ts asks for them once the page has painted. Rendering never
 * breaks a page: an error, a failed first GET or a render over the time limit serves the page
 * unrendered (and logs a warning).
 */

interface Build {
  mtimeMs: number;
  html: string;
  firstLoad: FirstLoad | null;
}

/** The id of the session's data block; portal/src/providers/session.tsx reads it. */
export const SESSION_ELEMENT_ID = 'kollab-session';
/** The id of the first data's block; portal/src/providers/first-data.tsx reads it. */
export const DATA_ELEMENT_ID = 'kollab-data';

/** What portal/src/entry-server.tsx exports. */
export interface PortalRenderer {
  prepare(): Promise<unknown>;
  render(input: {
    url: string;
    locale: 'sv' | 'en';
    session: unknown;
    data: ReadonlyMap<string, unknown>;
    /** The render's time (ms), which relative texts are measured from. */
    now: number;
    signal?: AbortSignal;
  }): Promise<{ html: string; styles: string; preload?: string; parts?: string[] }>;
}

export interface PortalHtmlOptions {
  /** The renderer's module (the build's `dist-server/entry-server.js`); without it no page is rendered. */
  rendererFile?: string;
  /** Answers a GET in-process (the app's own `request`), for the page's first data. */
  request?: (path: string, init: RequestInit) => Promise<Response>;
  /** The longest a render may take before the page is served unrendered. */
  renderTimeoutMs?: number;
}

/** A render's budget: about what the first paint gains on a fast link, so it never costs more. */
const RENDER_TIMEOUT_MS = 150;

/**
 * The pages rendered on the server, by pattern below /app: sign-in, the home, and the data pages
 * of portal/src/routes/first-load.ts whose first render takes its data from the page
 * (providers/first-data.tsx): the campaign list, a campaign, discovery's search and the users table.
 */
const RENDERED = ['/login', '/', '/campaigns', '/campaigns/:id', '/discovery', '/admin/users'];

/**
 * JSON that is safe inside a `<script>` element: `<` is escaped, so no `</script>` or `<!--` can end
 * or change the element, and so are `>`, `&` and the line separators, as JSON allows.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The parameters of an address below /app (`/campaigns/abc`) that matches a pattern
 * (`/campaigns/:id` → `{ id: 'abc' }`), or null when it does not match.
 */
export function matchPagePath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** A data path with the address's parameters (as they came, percent-encoded) filled in. */
function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(decodeURIComponentSafe(params[name] ?? '')),
  );
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Escapes text for an HTML attribute value in double quotes. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The portal's language for this request, as `readInitialLocale` picks it: `?locale=`, the cookie, Swedish. */
function localeOf(c: Context<AppEnv>): 'sv' | 'en' {
  const chosen = c.req.query('locale') ?? getCookie(c, 'locale');
  return chosen === 'en' ? 'en' : 'sv';
}

interface FirstLoadLinks {
  /** Chunks for `<link rel="modulepreload">`. */
  modules: string[];
  /** The page's first GETs for `<link rel="preload" as="fetch">`. */
  data: string[];
  /** Whether the server renders the page (`RENDERED`). */
  rendered: boolean;
}

/**
 * What the page at `path` (below /app) needs on its first load beyond what index.html loads: its
 * chunks and, signed in and without a query, the page's first GETs (main.tsx makes the same ones,
 * and the browser hands it the preloaded answers).
 */
function linksFor(
  firstLoad: FirstLoad,
  path: string,
  query: string,
  locale: 'sv' | 'en',
  role: string | null,
): FirstLoadLinks {
  const texts = firstLoad.texts[locale];
  if (path === '/login') return { modules: [...firstLoad.signIn, ...texts.base], data: [], rendered: true };
  // Signed out, every other page sends the visitor to sign-in or is an auth page: nothing to guess.
  if (!role) return { modules: [], data: [], rendered: false };
  if (path === '/') {
    return { modules: [...firstLoad.signedIn, ...texts.base], data: query ? [] : firstLoad.home, rendered: !query };
  }
  const base = [...firstLoad.signedIn, ...texts.base, ...firstLoad.data, ...texts.areas];
  for (const page of firstLoad.pages) {
    const params = matchPagePath(page.path, path);
    if (!params) continue;
    const forRole = !page.dataRoles || page.dataRoles.includes(role);
    return {
      modules: [...base, ...page.files],
      data: query || !forRole ? [] : page.data.map((template) => fillPath(template, params)),
      // With a query the page shows other data than its first GETs; for another role, a refusal.
      rendered: !query && forRole && RENDERED.includes(page.path),
    };
  }
  return { modules: base, data: [], rendered: false };
}

export function createPortalHtml(portalDir: string, options: PortalHtmlOptions = {}) {
  let build: Promise<Build> | null = null;
  const timeoutMs = options.renderTimeoutMs ?? RENDER_TIMEOUT_MS;

  /** index.html and the build's first-load list, read again when the build changes. */
  async function load(file: FoundFile): Promise<Build> {
    const cached = build ? await build : null;
    if (cached && cached.mtimeMs === file.mtimeMs) return cached;
    build = (async () => {
      const html = await readFile(file.path, 'utf8');
      let firstLoad: FirstLoad | null = null;
      try {
        firstLoad = JSON.parse(await readFile(join(portalDir, '.vite', 'first-load.json'), 'utf8')) as FirstLoad;
      } catch {
        // A build without the list (or none yet): the page loads its chunks as it finds them.
      }
      return { mtimeMs: file.mtimeMs, html, firstLoad };
    })();
    build.catch(() => {
      build = null;
    });
    return build;
  }

  /**
   * The build's renderer, imported and prepared (every chunk and text loaded) once. Node keeps a
   * module for the life of the process, and the renderer's chunks import its entry by its plain
   * address, so it cannot be imported anew: after a new build (index.html changed) it is used only
   * if it is the same file as before, else pages are served unrendered until the API restarts.
   */
  let renderer: { fileMtimeMs: number; loaded: Promise<PortalRenderer | null> } | null = null;
  const checked = new Map<number, Promise<PortalRenderer | null>>();
  function rendererFor(mtimeMs: number, logger: Logger): Promise<PortalRenderer | null> {
    const file = options.rendererFile;
    if (!file) return Promise.resolve(null);
    let forBuild = checked.get(mtimeMs);
    if (!forBuild) {
      forBuild = (async () => {
        const fileMtimeMs = (await stat(file)).mtimeMs;
        if (!renderer) {
          const loaded = (async () => {
            const module = (await import(pathToFileURL(file).href)) as PortalRenderer;
            await module.prepare();
            return module;
          })();
          renderer = { fileMtimeMs, loaded };
        }
        if (renderer.fileMtimeMs !== fileMtimeMs) {
          logger.warn({ file }, 'portal renderer changed since the API started; pages are served unrendered');
          return null;
        }
        return renderer.loaded;
      })().catch((error: unknown) => {
        // No renderer (not built) or a broken one: the build's pages are served unrendered.
        logger.warn({ err: error, file }, 'portal renderer not loaded; pages are served unrendered');
        return null;
      });
      checked.set(mtimeMs, forBuild);
    }
    return forBuild;
  }

  /** The signed-out sign-in page, rendered once per build, language and query (`?locale=` only). */
  const signInPages = new Map<string, Promise<Rendered | null>>();

  /**
   * The page rendered with its first data, or null when it cannot be: no renderer, a first GET
   * that did not answer 200, an error or the time limit (each logged).
   */
  async function renderPage(
    c: Context<AppEnv>,
    mtimeMs: number,
    dataPaths: string[],
    locale: 'sv' | 'en',
    session: unknown,
  ): Promise<Rendered | null> {
    const started = performance.now();
    try {
      const module = await rendererFor(mtimeMs, c.get('logger'));
      if (!module) return null;
      const data = new Map<string, unknown>();
      for (const path of dataPaths) {
        if (!options.request) return null;
        const res = await options.request(path, {
          headers: { Accept: 'application/json', Cookie: c.req.header('Cookie') ?? '' },
        });
        // The page shows a failure its own way, with a request of its own.
        if (res.status !== 200) return null;
        data.set(path, await res.json());
      }
      const rendering = performance.now();
      const controller = new AbortController();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`render over ${timeoutMs} ms`));
        }, timeoutMs);
      });
      const url = new URL(c.req.url);
      const now = Date.now();
      try {
        const page = await Promise.race([
          module.render({ url: url.pathname + url.search, locale, session, data, now, signal: controller.signal }),
          timeout,
        ]);
        c.get('logger').debug(
          {
            path: url.pathname,
            renderMs: Math.round(performance.now() - rendering),
            dataMs: Math.round(rendering - started),
          },
          'portal page rendered',
        );
        return { ...page, data: dataPaths.length > 0 ? Object.fromEntries(data) : null, renderedAt: now };
      } finally {
        clearTimeout(timer);
      }
    } catch (error) {
      c.get('logger').warn({ err: error, path: c.req.path }, 'portal page not rendered; served unrendered');
      return null;
    }
  }

  /** Answers a request for the portal's index.html (any address below /app that is a page). */
  return async function sendPortalHtml(c: Context<AppEnv>, file: FoundFile): Promise<Response> {
    const { html, firstLoad, mtimeMs } = await load(file);
    const validated = await readRequestSession(c);
    const path = c.req.path.slice('/app'.length) || '/';
    const query = new URL(c.req.url).search;
    const locale = localeOf(c);
    const links = firstLoad
      ? linksFor(firstLoad, path, query, locale, validated?.user.role ?? null)
      : { modules: [], data: [], rendered: false };
    // The session as the page reads it: the JSON of what `GET /api/auth/session` answers.
    const session = validated ? sessionView(validated.user, validated.session.expiresAt) : null;
    let rendered: Rendered | null = null;
    // HEAD of a signed-out page renders too, so its ETag is the GET's.
    if (links.rendered && (c.req.method !== 'HEAD' || !validated)) {
      const sessionJson = session ? JSON.parse(JSON.stringify(session)) : null;
      if (!validated && path === '/login' && isOnlyLocale(query)) {
        // The same for every visitor of a language: rendered once per build (a failure is not kept).
        const key = `${mtimeMs}:${locale}`;
        let page = signInPages.get(key);
        if (!page) {
          page = renderPage(c, mtimeMs, [], locale, null);
          signInPages.set(key, page);
          void page.then((done) => done || signInPages.delete(key));
        }
        rendered = await page;
      } else {
        rendered = await renderPage(c, mtimeMs, links.data, locale, sessionJson);
      }
    }
    const modules = [...new Set(links.modules)];
    const head = [
      // The page's main picture, preloaded: the page's largest paint.
      ...(rendered?.preload ? [rendered.preload] : []),
      // A rendered page's chunks are asked for once it has painted (portal/src/start.ts, from the
      // root's `data-modules`), so they never share a slow link with what it paints.
      ...(rendered ? [] : modules.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`)),
      // Data the page came with is not fetched again.
      ...(rendered?.data ? [] : links.data).map(
        (href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`,
      ),
      ...(session
        ? [`<script type="application/json" id="${SESSION_ELEMENT_ID}">${scriptSafeJson(session)}</script>`]
        : []),
      ...(rendered?.data
        ? [`<script type="application/json" id="${DATA_ELEMENT_ID}">${scriptSafeJson(rendered.data)}</script>`]
        : []),
      ...(rendered ? [rendered.styles] : []),
    ];
    let body = head.length > 0 ? html.replace('</head>', `${head.join('\n')}\n</head>`) : html;
    if (rendered) {
      // Inert until the browser has hydrated it (main.tsx): no click, typing or form submission
      // can reach a page whose code is not running yet (ADR 034). `data-modules`: the chunks the
      // page needs; `data-parts`: the lazily loaded parts in the markup, which the browser loads
      // before it hydrates; `data-rendered-at`: the render's time, which the browser hydrates with
      // (portal/src/hooks/use-now.ts).
      const attributes = [
        ' inert',
        ` data-rendered-at="${rendered.renderedAt}"`,
        modules.length > 0 ? ` data-modules="${attribute(modules.join(' '))}"` : '',
        rendered.parts?.length ? ` data-parts="${attribute(rendered.parts.join(' '))}"` : '',
      ].join('');
      body = body
        .replace('<div id="root"></div>', () => `<div id="root"${attributes}>${rendered.html}</div>`)
        .replace('<html lang="sv">', `<html lang="${locale}">`);
    }
    c.header('Content-Type', 'text/html; charset=utf-8');
    if (validated) {
      c.header('Cache-Control', 'private, no-store');
    } else {
      // The text depends on the address and the language cookie; the ETag is of the text itself.
      const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      c.header('Cache-Control', 'no-cache');
      c.header('ETag', etag);
      c.header('Vary', 'Cookie', { append: true });
      if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    }
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(body, 200);
  };
}

/** A rendered page: the markup for the root, Emotion's style elements, the first data by path. */
interface Rendered {
  html: string;
  styles: string;
  preload?: string;
  parts?: string[];
  data: Record<string, unknown> | null;
  /** The time the markup was rendered at (ms), which texts relative to now were measured from. */
  renderedAt: number;
}

/** True for no query or one with only `locale` (the sign-in page is the same for all of those). */
function isOnlyLocale(query: string): boolean {
  const params = new URLSearchParams(query);
  return [...params.keys()].every((key) => key === 'locale');
}
