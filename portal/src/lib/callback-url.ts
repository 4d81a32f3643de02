/** Where the portal lives; `react-router` paths are relative to it. */
export const APP_BASE = '/app';

/**
 * A same-origin path to return to after sign-in, or the dashboard. Absolute URLs to other origins,
 * protocol-relative `//host` and anything unparsable fall back to `/app/`.
 */
export function safeCallbackUrl(raw: string | null | undefined): string {
  if (!raw) return `${APP_BASE}/`;
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return `${APP_BASE}/`;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return `${APP_BASE}/`;
  }
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
