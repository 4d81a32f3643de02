import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FirstLoad } from '@kollab/contract/first-load';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
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
 */

interface Build {
  mtimeMs: number;
  html: string;
  firstLoad: FirstLoad | null;
}

/** The id of the session's data block; portal/src/providers/session.tsx reads it. */
export const SESSION_ELEMENT_ID = 'kollab-session';

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
  if (path === '/login') return { modules: [...firstLoad.signIn, ...texts.base], data: [] };
  // Signed out, every other page sends the visitor to sign-in or is an auth page: nothing to guess.
  if (!role) return { modules: [], data: [] };
  if (path === '/') return { modules: [...firstLoad.signedIn, ...texts.base], data: query ? [] : firstLoad.home };
  const base = [...firstLoad.signedIn, ...texts.base, ...firstLoad.data, ...texts.areas];
  for (const page of firstLoad.pages) {
    const params = matchPagePath(page.path, path);
    if (!params) continue;
    return {
      modules: [...base, ...page.files],
      data:
        query || (page.dataRoles && !page.dataRoles.includes(role))
          ? []
          : page.data.map((template) => fillPath(template, params)),
    };
  }
  return { modules: base, data: [] };
}

export function createPortalHtml(portalDir: string) {
  let build: Promise<Build> | null = null;

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

  /** Answers a request for the portal's index.html (any address below /app that is a page). */
  return async function sendPortalHtml(c: Context<AppEnv>, file: FoundFile): Promise<Response> {
    const { html, firstLoad } = await load(file);
    const validated = await readRequestSession(c);
    const path = c.req.path.slice('/app'.length) || '/';
    const query = new URL(c.req.url).search;
    const links = firstLoad
      ? linksFor(firstLoad, path, query, localeOf(c), validated?.user.role ?? null)
      : { modules: [], data: [] };
    const head = [
      ...[...new Set(links.modules)].map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
      ...links.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${attribute(href)}">`),
      ...(validated
        ? [
            `<script type="application/json" id="${SESSION_ELEMENT_ID}">${scriptSafeJson(sessionView(validated.user, validated.session.expiresAt))}</script>`,
          ]
        : []),
    ];
    const body = head.length > 0 ? html.replace('</head>', `${head.join('\n')}\n</head>`) : html;
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
