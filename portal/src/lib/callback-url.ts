/** Where the portal lives; `react-router` paths are relative to it. */
export const APP_BASE = '/app';

/**
 * A same-origin path under the portal to return to after sign-in, or the dashboard. The check runs
 * on the URL as the browser resolves it (`/.//evil` becomes `//evil`), so other origins,
 * protocol-relative `//host` or `/\\host` results, paths outside `/app` and anything unparsable
 * fall back to `/app/`.
 */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw) return `${APP_BASE}/`;
  try {
    const url = new URL(raw, window.location.origin);
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== window.location.origin || !isAppPath(path)) return `${APP_BASE}/`;
    return path;
  } catch {
    return `${APP_BASE}/`;
  }
}

/** `/app` or `/app/…`, never `//…` or a path with a backslash (which browsers read as `/`). */
function isAppPath(path: string): boolean {
  if (path.startsWith('//') || path.includes('\\')) return false;
  return path === APP_BASE || /^\/app[/?#]/.test(path);
}

/** The router path for an `/app/...` URL, or null when the URL is outside the portal. */
export function toRouterPath(path: string): string | null {
  if (path === APP_BASE) return '/';
  return path.startsWith(`${APP_BASE}/`) ? path.slice(APP_BASE.length) : null;
}

/** The current portal URL as a callback (`/app/account?tab=1`). */
export function currentAppPath(location: { pathname: string; search: string }): string {
  return `${APP_BASE}${location.pathname}${location.search}`;
}
