import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { readRequestSession } from '../middleware/session.ts';
import { sessionView } from '../modules/auth/session-view.ts';
import type { AppEnv } from './context.ts';
import { noneMatch } from './if-none-match.ts';
import type { FoundFile } from './static-files.ts';

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

interface FirstLoad {
  signIn: string[];
  signedIn: string[];
  data: string[];
  texts: Record<'sv' | 'en', { base: string[]; areas: string[] }>;
  pages: { path: string; files: string[] }[];
}

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

/** Whether an address below /app (`/campaigns/abc`) matches a pattern (`/campaigns/:id`). */
export function matchesPagePath(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  return want.length === have.length && want.every((part, index) => part.startsWith(':') || part === have[index]);
}

/** The portal's language for this request, as `readInitialLocale` picks it: `?locale=`, the cookie, Swedish. */
function localeOf(c: Context<AppEnv>): 'sv' | 'en' {
  const chosen = c.req.query('locale') ?? getCookie(c, 'locale');
  return chosen === 'en' ? 'en' : 'sv';
}

/** The chunks the page at `path` (below /app) needs on its first load, beyond what index.html loads. */
function preloadsFor(firstLoad: FirstLoad, path: string, locale: 'sv' | 'en', signedIn: boolean): string[] {
  const texts = firstLoad.texts[locale];
  if (path === '/login') return [...firstLoad.signIn, ...texts.base];
  // Signed out, every other page sends the visitor to sign-in or is an auth page: nothing to guess.
  if (!signedIn) return [];
  if (path === '/') return [...firstLoad.signedIn, ...texts.base];
  const page = firstLoad.pages.find((candidate) => matchesPagePath(candidate.path, path));
  return [...firstLoad.signedIn, ...texts.base, ...firstLoad.data, ...texts.areas, ...(page?.files ?? [])];
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
    const preloads = firstLoad ? [...new Set(preloadsFor(firstLoad, path, localeOf(c), validated !== null))] : [];
    const head = [
      ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
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
