import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadSignedInRoutes, loadSignInPage } from './app';
import { loadShell } from './components/layout/data-shell';
import { prefetchGet } from './lib/api-fetch';
import type { Role } from './lib/auth-client';
import { loadParts } from './lib/lazy-named';
import { hasServedData } from './providers/first-data';
import { loadLocale, readInitialLocale } from './providers/i18n-provider';
import { servedRole, startSession } from './providers/session';
import { firstData, firstLoadPage, HOME_DATA } from './routes/first-load';

/** The half of the app the address needs, fetched next to the texts instead of after the first render. */
function loadFirstRoute(pathname: string): Promise<unknown> {
  if (pathname === '/app/login' || pathname === '/app/login/') return loadSignInPage();
  if (pathname.startsWith('/app/session-expired')) return Promise.resolve();
  // Signed in (the page came with the session), the page's first data is asked for next to its code.
  const role = servedRole();
  // What the server rendered the page with is in the page already (providers/first-data.tsx).
  if (role) for (const path of pageData(pathname, role)) if (!hasServedData(path)) prefetchGet(path);
  // Every signed-in page but the home needs Refine and the areas' texts: no waiting for the route.
  if (pathname !== '/app/' && pathname !== '/app') void loadShell();
  return loadSignedInRoutes();
}

/** The GETs the page at `pathname` makes as it first renders (src/routes/first-load.ts); none with a query. */
function pageData(pathname: string, role: Role): string[] {
  const path = pathname.slice('/app'.length);
  if (path === '' || path === '/') return [...HOME_DATA];
  if (window.location.search) return [];
  const found = firstLoadPage(path);
  return found ? firstData(found.page, found.params, role) : [];
}

const root = document.getElementById('root');
// In parallel: the session, the texts of the page's language (a chunk per language) and the route's
// code; the app renders once the texts and the code are in (a failed chunk is left to the route).
if (root) {
  void startSession();
  void Promise.all([loadLocale(readInitialLocale()), loadFirstRoute(window.location.pathname).catch(() => undefined)])
    // A page the server rendered names the lazily loaded parts in it: all of them in before it
    // hydrates, so it hydrates in one pass (a part still loading would drop the clicks on it).
    .then(() =>
      root.firstElementChild ? loadParts(root.dataset.parts?.split(' ') ?? []).catch(() => undefined) : null,
    )
    .then(() => {
      const app = (
        <StrictMode>
          <App />
        </StrictMode>
      );
      // The server rendered the page (ADR 034, fourth step): take its markup over. A mismatch is
      // reported (React then renders that part again on the client): tests fail on it.
      if (root.firstElementChild) {
        // As a transition: React hydrates in slices of a few milliseconds and lets the browser
        // paint and take input in between, instead of one long task; an event on a part not yet
        // hydrated makes React hydrate that part at once.
        startTransition(() => {
          hydrateRoot(root, app, {
            onRecoverableError: (error, info) => console.error('Hydration error:', error, info.componentStack ?? ''),
          });
        });
        // The page came inert (api/src/portal-html.ts): from here on React has its events, and an
        // event that comes before its part is hydrated makes React hydrate that part first.
        root.removeAttribute('inert');
      } else {
        createRoot(root).render(app);
      }
    });
}
