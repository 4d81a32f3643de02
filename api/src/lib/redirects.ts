const APP_PREFIX = '/app';

/**
 * A path under the portal (`/app` or `/app/…`) to send the browser to after sign-in or sign-out.
 * The check runs on the URL as the browser will resolve it, not on the raw input: `/.//evil`
 * normalises to the protocol-relative `//evil`, so any result starting `//` or `/\`, on another
 * origin, or outside the portal becomes the fallback. The auth routes cannot be open redirects.
 */
export function safeCallbackPath(raw: string | undefined, publicUrl: string, fallback = '/app/'): string {
  if (!raw) return fallback;
  try {
    const base = new URL(publicUrl);
    const url = new URL(raw, base);
    if (url.origin !== base.origin) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return isAppPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** True for `/app` and `/app/…` paths that a browser resolves on the same origin. */
export function isAppPath(path: string): boolean {
  if (path.startsWith('//') || path.startsWith('/\\') || path.includes('\\')) return false;
  return path === APP_PREFIX || /^\/app[/?#]/.test(path);
}

/**
 * `path` (`/app/…`, `/api/auth/…`) on the public URL's origin: every `url` and `Location` the auth
 * routes answer. NextAuth's client reads `signIn`'s answer with `new URL(data.url)`, which throws on a
 * relative path, and NextAuth's server resolves a `/…` callback the same way (`${baseUrl}${url}`,
 * baseUrl being its configured origin), never from the request's Host header.
 */
export function absoluteUrl(path: string, publicUrl: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`not a path on this origin: ${path}`);
  return `${new URL(publicUrl).origin}${path}`;
}

/** `/app/login` with the given query (error, callbackUrl), for auth failures. */
export function signInPagePath(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `/app/login${search ? `?${search}` : ''}`;
}
