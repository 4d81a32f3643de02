import { createContext, type ReactNode, use, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  fetchSession,
  logClientError,
  parseSession,
  requestSessionUpdate,
  requestSignIn,
  requestSignOut,
  type Session,
  type SignInResult,
} from '../lib/auth-client';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * The spec's session state. `ended` says how a session seen by this tab went away: `signed_out`
 * here, or `expired` (timed out, or signed out in another tab); null while none has ended.
 */
export interface SessionState {
  status: SessionStatus;
  data: Session | null;
  ended: 'signed_out' | 'expired' | null;
}

const CHANNEL = 'kollab-session';
const POLL_SECONDS = Number(import.meta.env.VITE_SESSION_POLL_SECONDS ?? 0);

/**
 * The session the server put into the page (`<script type="application/json" id="kollab-session">`,
 * api/src/lib/portal-html.ts) when it served it to a signed-in visitor: as fresh as the HTML, so
 * the first render needs no request. Absent when signed out; then the session is fetched as before.
 */
function readServedSession(): Session | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('kollab-session');
  if (!element?.textContent) return null;
  try {
    return parseSession(JSON.parse(element.textContent));
  } catch {
    return null;
  }
}

const served = readServedSession();
let state: SessionState = served
  ? { status: 'authenticated', data: served, ended: null }
  : { status: 'loading', data: null, ended: null };
/** The state the page was served with, which a hydrating render must start from (the server's). */
const servedState = state;
let hasLoaded = served !== null;
let inFlight: Promise<Session | null> | null = null;
/** Bumped by every change, so an older response never overwrites a newer state. */
let sequence = 0;
const listeners = new Set<() => void>();
// None on the server (entry-server.tsx), where Node has the class but there is no other tab.
const channel =
  typeof BroadcastChannel === 'undefined' || typeof window === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function applySession(session: Session | null): void {
  if (session) {
    setState({ status: 'authenticated', data: session, ended: null });
    return;
  }
  const ended = state.data ? 'expired' : state.ended;
  setState({ status: 'unauthenticated', data: null, ended });
}

/** Tells the other tabs to refetch. Only a timestamp crosses tabs, never user data. */
function notifyOtherTabs(): void {
  const message = { event: 'session', timestamp: Date.now() };
  if (channel) channel.postMessage(message);
  else localStorage.setItem(CHANNEL, String(message.timestamp));
}

/**
 * Fetches the session; concurrent callers share one request unless `force` is set (after sign-in
 * or sign-out an older request may still carry the previous cookie). The first failed fetch counts
 * as no session (CLIENT_FETCH_ERROR); a failed refresh keeps what we had (CLIENT_SESSION_ERROR).
 */
/** The role of the visitor the page was served to signed in, or null when it came without a session. */
export function servedRole(): Session['user']['role'] | null {
  return served?.user.role ?? null;
}

/** The first load: the session the page came with, or a request for it. */
export function startSession(): Promise<Session | null> {
  return hasLoaded || inFlight ? (inFlight ?? Promise.resolve(state.data)) : loadSession();
}

export function loadSession(options: { force?: boolean; broadcast?: boolean } = {}): Promise<Session | null> {
  if (inFlight && !options.force) return inFlight;
  const isFirst = !hasLoaded;
  const id = ++sequence;
  const request = fetchSession().then(
    (session) => {
      if (id === sequence) applySession(session);
      return state.data;
    },
    (error: unknown) => {
      void logClientError(isFirst ? 'CLIENT_FETCH_ERROR' : 'CLIENT_SESSION_ERROR', error);
      if (isFirst && id === sequence) applySession(null);
      return state.data;
    },
  );
  inFlight = request;
  void request.finally(() => {
    hasLoaded = true;
    if (inFlight === request) inFlight = null;
    if (options.broadcast) notifyOtherTabs();
  });
  return request;
}

/** The session as the auth provider needs it: cached once loaded, fetched otherwise. */
export async function currentSession(): Promise<Session | null> {
  return hasLoaded && !inFlight ? state.data : loadSession();
}

export async function signInWithCredentials(fields: {
  email: string;
  password: string;
  callbackUrl: string;
}): Promise<SignInResult | null> {
  const { callbackUrl, ...credentials } = fields;
  const result = await requestSignIn('credentials', { callbackUrl, fields: credentials });
  if (result?.ok) await loadSession({ force: true, broadcast: true });
  return result;
}

/** The second step of a sign-in with two-factor on: an app code or a recovery code (ADR 024). */
export async function signInWithCode(fields: { code: string; callbackUrl: string }): Promise<SignInResult | null> {
  const result = await requestSignIn('totp', { callbackUrl: fields.callbackUrl, fields: { code: fields.code } });
  if (result?.ok) await loadSession({ force: true, broadcast: true });
  return result;
}

/** The second step with a passkey: the browser's assertion, as JSON (ADR 027). */
export async function signInWithPasskey(fields: {
  response: string;
  callbackUrl: string;
}): Promise<SignInResult | null> {
  const result = await requestSignIn('passkey', {
    callbackUrl: fields.callbackUrl,
    fields: { response: fields.response },
  });
  if (result?.ok) await loadSession({ force: true, broadcast: true });
  return result;
}

/** Signs out here and, through the broadcast, in every other tab. */
export async function signOut(callbackUrl = '/app/login'): Promise<void> {
  await requestSignOut(callbackUrl);
  sequence++;
  setState({ status: 'unauthenticated', data: null, ended: 'signed_out' });
  notifyOtherTabs();
}

/** `update` from the spec: status is `loading` until the new session is back. */
export async function updateSession(data: { locale?: 'sv' | 'en' }): Promise<Session | null> {
  const previous = state;
  const id = ++sequence;
  setState({ ...state, status: 'loading' });
  try {
    const session = await requestSessionUpdate(data);
    if (id === sequence) applySession(session);
    notifyOtherTabs();
    return session;
  } catch (error) {
    void logClientError('CLIENT_SESSION_ERROR', error);
    if (id === sequence) setState(previous);
    return state.data;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): SessionState {
  return state;
}

interface SessionContextValue extends SessionState {
  update: typeof updateSession;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** The session of the request being rendered on the server (entry-server.tsx); none on the client. */
const ServerSession = createContext<SessionState | undefined>(undefined);

/**
 * The session for a server render (ADR 034, fourth step): per request, since this module's own
 * state is shared by every render in the server's process. Signed out, it is the client's first
 * state without a session in the page (`loading`), so the hydrating render matches.
 */
export function ServerSessionProvider({ session, children }: { session: Session | null; children: ReactNode }) {
  const value = useMemo<SessionState>(
    () =>
      session
        ? { status: 'authenticated', data: session, ended: null }
        : { status: 'loading', data: null, ended: null },
    [session],
  );
  return <ServerSession value={value}>{children}</ServerSession>;
}

/** Loads the session and keeps it fresh: on focus, on a message from another tab, on an optional poll. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const serverState = use(ServerSession);
  // On the server the request's session; hydrating, the session the page came with (the same one).
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, () => serverState ?? servedState);

  useEffect(() => {
    void startSession();
    const refresh = () => void loadSession();
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    const onStorage = (event: StorageEvent) => event.key === CHANNEL && refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    channel?.addEventListener('message', refresh);
    const poll =
      POLL_SECONDS > 0 ? window.setInterval(() => navigator.onLine && refresh(), POLL_SECONDS * 1000) : undefined;
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
      channel?.removeEventListener('message', refresh);
      window.clearInterval(poll);
    };
  }, []);

  const value = useMemo(() => ({ ...snapshot, update: updateSession }), [snapshot]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The spec's session hook. Outside `SessionProvider` it throws the spec's message. */
export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('React Context is unavailable in Server Components');
  return value;
}
