/**
 * A same-origin path to send the browser to after sign-in or sign-out. Anything else (another host,
 * `//evil`, `javascript:`) becomes the fallback, so the auth routes cannot be used as open redirects.
 */
export function safeCallbackPath(raw: string | undefined, publicUrl: string, fallback = '/app/'): string {
  if (!raw) return fallback;
  try {
    const base = new URL(publicUrl);
    const url = new URL(raw, base);
    if (url.origin !== base.origin || raw.startsWith('//') || raw.includes('\\')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/app/login` with the given query (error, callbackUrl), for auth failures. */
export function signInPagePath(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `/app/login${search ? `?${search}` : ''}`;
}
