import { apiFetch, apiFetchAnswer } from './api-fetch';
import { safeCallbackUrl } from './callback-url';

/** The API's auth routes (the spec's default base path). */
export const AUTH_BASE = '/api/auth';

export type Role = 'creator' | 'brand' | 'admin';
export type SignUpRole = Exclude<Role, 'admin'>;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
  emailVerified: boolean;
  locale: 'sv' | 'en';
  /** Two-factor sign-in is on (admins must have it: ADR 024). */
  twoFactor: boolean;
}

export interface Session {
  user: SessionUser;
  expires: string;
}

export interface AuthProviderInfo {
  id: string;
  name: string;
  type: 'credentials' | 'oauth' | 'email';
}

export type AuthProviders = Record<string, AuthProviderInfo>;

/**
 * The spec's sign-in result, as NextAuth's `signIn(…, { redirect: false })` gives it: `error` is the
 * code from the returned URL (`CredentialsSignin`), `status` the HTTP status (401 when refused), `url`
 * null on failure, else the portal path to continue to.
 */
export interface SignInResult {
  ok: boolean;
  error: string | null;
  status: number;
  url: string | null;
}

export type ClientLogCode = 'CLIENT_FETCH_ERROR' | 'CLIENT_SESSION_ERROR';

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object';
}

function isSession(value: unknown): value is Session {
  if (!isRecord(value) || !isRecord(value.user)) return false;
  const { id, email, role } = value.user;
  return typeof id === 'string' && typeof email === 'string' && typeof role === 'string';
}

function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** A session object as `GET /session` answers it, or null for anything else (`{}` when signed out). */
export function parseSession(body: unknown): Session | null {
  return isSession(body) ? body : null;
}

/** `GET /session`: the session, or null when signed out (`{}`). Throws when the request fails. */
export async function fetchSession(): Promise<Session | null> {
  const body = await apiFetch<unknown>(`${AUTH_BASE}/session`);
  return isSession(body) ? body : null;
}

export async function fetchCsrfToken(): Promise<string> {
  const body = await apiFetch<{ csrfToken: string }>(`${AUTH_BASE}/csrf`);
  return body.csrfToken;
}

export function fetchProviders(): Promise<AuthProviders> {
  return apiFetch<AuthProviders>(`${AUTH_BASE}/providers`);
}

/**
 * Signs in with a credentials provider (`POST /callback/{id}`) or starts an OAuth flow
 * (`POST /signin/{id}`, then a full page load to the provider). As in the spec: if the provider
 * list cannot be fetched the browser goes to the error page, and an unknown provider goes back to
 * the sign-in page with the callback URL kept.
 */
export async function requestSignIn(
  providerId: string,
  options: { callbackUrl: string; fields?: Record<string, string> },
): Promise<SignInResult | null> {
  let providers: AuthProviders;
  try {
    providers = await fetchProviders();
  } catch {
    window.location.assign('/app/auth-error?error=Configuration');
    return null;
  }
  const provider = providers[providerId];
  if (!provider) {
    window.location.assign(`/app/login?callbackUrl=${encodeURIComponent(options.callbackUrl)}`);
    return null;
  }
  const isCredentials = provider.type === 'credentials';
  const csrfToken = await fetchCsrfToken();
  // A refused sign-in is an answer (401 and the sign-in page's URL), not an error to throw.
  const { status, body } = await apiFetchAnswer<{ url: string }>(
    `${AUTH_BASE}/${isCredentials ? 'callback' : 'signin'}/${encodeURIComponent(providerId)}`,
    {
      method: 'POST',
      body: formBody({ ...options.fields, csrfToken, callbackUrl: options.callbackUrl, json: 'true' }),
    },
    isCredentials ? [401] : [],
  );
  if (!isCredentials) {
    window.location.href = body.url;
    return null;
  }
  return signInResult(status, body.url);
}

/**
 * Reads the credentials callback's answer. Its `url` is absolute on the API's public origin (ADR
 * 018); the portal continues to its path, through `safeCallbackUrl`, so it never leaves the portal.
 */
export function signInResult(status: number, url: string): SignInResult {
  const error = new URL(url, window.location.origin).searchParams.get('error');
  const ok = status >= 200 && status < 300 && !error;
  return { ok, error, status, url: ok ? safeCallbackUrl(url) : null };
}

/** `POST /signout`; the server deletes the session and clears the cookie. */
export async function requestSignOut(callbackUrl: string): Promise<string> {
  const csrfToken = await fetchCsrfToken();
  const { url } = await apiFetch<{ url: string }>(`${AUTH_BASE}/signout`, {
    method: 'POST',
    body: formBody({ csrfToken, callbackUrl, json: 'true' }),
  });
  return url;
}

/** `POST /session`: changes stored session data (the locale) and returns the new session. */
export async function requestSessionUpdate(data: { locale?: 'sv' | 'en' }): Promise<Session | null> {
  const csrfToken = await fetchCsrfToken();
  const body = await apiFetch<unknown>(`${AUTH_BASE}/session`, { method: 'POST', json: { csrfToken, data } });
  return isSession(body) ? body : null;
}

/** Reports a client-side auth problem to `POST /_log`. Never throws: logging must not break a page. */
export async function logClientError(code: ClientLogCode, error: unknown): Promise<void> {
  const message = isRecord(error) && typeof error.code === 'string' ? error.code : String(error);
  try {
    await fetch(`${AUTH_BASE}/_log`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      body: formBody({ level: 'error', code, message: message.slice(0, 300) }),
    });
  } catch {
    // Offline or the API is down: nothing more to do.
  }
}
