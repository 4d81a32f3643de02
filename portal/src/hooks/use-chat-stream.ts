import type { Notification } from '@kollab/contract/api/notifications';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ChatMessage } from '../components/chat/types';
import { fetchSession } from '../lib/auth-client';
import { loadSession } from '../providers/session';

/** What the chat stream (`GET /api/messages/stream`) tells its listeners; the bell listens to it too. */
export type ChatStreamEvent =
  | { type: 'ready'; after: number; reconnected: boolean }
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; claimId: string; userId: string; lastReadId: number }
  /** The user's notifications changed (ADR 039): the one added, if any, and the unread count now. */
  | { type: 'notification'; notification: Notification | null; unreadCount: number };

/** `connecting` until the first `ready`, `open` while connected, `reconnecting` after a drop. */
export type ChatStreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

const STREAM_URL = '/api/messages/stream';
/** EventSource retries a dropped connection by itself; after this many failures in a row we take over. */
const NATIVE_RETRIES = 3;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Closing waits a moment, so a page swap (or React's double effects in development) keeps the stream. */
const CLOSE_DELAY_MS = 1_000;
const SEEN_LIMIT = 2_000;
/** After the server ends the stream with its session, how soon (then how often) to look for a new session. */
const SESSION_RECHECK_MS = [1_000, 5_000, 30_000];

let source: EventSource | null = null;
let holders = 0;
let status: ChatStreamStatus = 'idle';
/** The newest message id delivered; a new connection asks for what came after it. */
let cursor = 0;
let hasBeenReady = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
/** Ids already delivered: a resumed stream may repeat one, and listeners never see it twice. */
const seen = new Set<number>();
const listeners = new Set<(event: ChatStreamEvent) => void>();
const statusListeners = new Set<() => void>();

function setStatus(next: ChatStreamStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function emit(event: ChatStreamEvent): void {
  for (const listener of [...listeners]) listener(event);
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const message = value as Partial<ChatMessage>;
  return typeof message.id === 'number' && typeof message.claimId === 'string' && typeof message.body === 'string';
}

function onMessage(event: MessageEvent<string>): void {
  const message = parse(event.data);
  if (!isMessage(message) || seen.has(message.id)) return;
  seen.add(message.id);
  if (seen.size > SEEN_LIMIT) {
    const oldest = seen.values().next().value;
    if (oldest !== undefined) seen.delete(oldest);
  }
  cursor = Math.max(cursor, message.id);
  emit({ type: 'message', message });
}

function onRead(event: MessageEvent<string>): void {
  const data = parse(event.data) as { claimId?: unknown; userId?: unknown; lastReadId?: unknown } | undefined;
  if (typeof data?.claimId !== 'string' || typeof data.userId !== 'string' || typeof data.lastReadId !== 'number') {
    return;
  }
  emit({ type: 'read', claimId: data.claimId, userId: data.userId, lastReadId: data.lastReadId });
}

function onNotification(event: MessageEvent<string>): void {
  const data = parse(event.data) as { notification?: Notification | null; unreadCount?: unknown } | undefined;
  if (typeof data?.unreadCount !== 'number') return;
  emit({ type: 'notification', notification: data.notification ?? null, unreadCount: data.unreadCount });
}

function onReady(event: MessageEvent<string>): void {
  const data = parse(event.data) as { after?: unknown } | undefined;
  failures = 0;
  setStatus('open');
  emit({ type: 'ready', after: typeof data?.after === 'number' ? data.after : cursor, reconnected: hasBeenReady });
  hasBeenReady = true;
}

function disconnect(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (!source) return;
  source.removeEventListener('ready', onReady);
  source.removeEventListener('message', onMessage);
  source.removeEventListener('read', onRead);
  source.removeEventListener('notification', onNotification);
  source.removeEventListener('end', onEnd);
  source.onerror = null;
  source.close();
  source = null;
}

/** Retries with a growing delay, unless the session has ended (then the app shows its own screen). */
function scheduleRetry(): void {
  disconnect();
  setStatus('reconnecting');
  const delay = BACKOFF_MS[Math.min(failures - 1, BACKOFF_MS.length - 1)] ?? 30_000;
  retryTimer = setTimeout(async () => {
    retryTimer = undefined;
    const session = await loadSession();
    if (holders > 0 && session && !source) connect();
  }, delay);
}

/**
 * The server ended the stream because its session ended (sign-out, password change, suspension…):
 * reconnecting now would only get a 401. Reconnect once there is a session again (a password change
 * gives this browser a new one at once); the session check itself changes nothing in the app.
 */
function onEnd(): void {
  disconnect();
  setStatus('reconnecting');
  const recheck = (attempt: number) => {
    const delay = SESSION_RECHECK_MS[Math.min(attempt, SESSION_RECHECK_MS.length - 1)] ?? 30_000;
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      const session = await fetchSession().catch(() => null);
      if (holders === 0 || source || retryTimer) return;
      if (session) connect();
      else recheck(attempt + 1);
    }, delay);
  };
  recheck(0);
}

function onError(): void {
  failures++;
  // CLOSED: the server answered with an error, which EventSource never retries. CONNECTING: it is
  // retrying on its own (and will send Last-Event-ID); after a few failures we back off instead.
  if (source?.readyState === EventSource.CLOSED || failures > NATIVE_RETRIES) scheduleRetry();
  else setStatus('reconnecting');
}

function connect(): void {
  const url = cursor > 0 ? `${STREAM_URL}?after=${cursor}` : STREAM_URL;
  source = new EventSource(url);
  if (!hasBeenReady) setStatus('connecting');
  source.addEventListener('ready', onReady);
  source.addEventListener('message', onMessage);
  source.addEventListener('read', onRead);
  source.addEventListener('notification', onNotification);
  source.addEventListener('end', onEnd);
  source.onerror = onError;
}

function reset(): void {
  disconnect();
  cursor = 0;
  hasBeenReady = false;
  failures = 0;
  seen.clear();
  setStatus('idle');
}

/**
 * Opens the tab's one chat stream (or keeps the open one) and returns the function that lets go
 * of it; the stream closes when nobody holds it. `after` is the newest message id the caller
 * already has, so the stream starts there instead of replaying history.
 */
export function holdChatStream(after: number): () => void {
  clearTimeout(closeTimer);
  holders++;
  cursor = Math.max(cursor, after);
  if (!source && !retryTimer) connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => holders === 0 && reset(), CLOSE_DELAY_MS);
  };
}

/** Closes the stream now, whoever holds it (the signed-in user changed). */
export function closeChatStream(): void {
  clearTimeout(closeTimer);
  holders = 0;
  reset();
}

/** Listens to the stream's events while mounted; the latest `listener` is always the one called. */
export function useChatStreamEvents(listener: (event: ChatStreamEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward = (event: ChatStreamEvent) => latest.current(event);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, []);
}

/** Listens outside React (the conversation store). */
export function subscribeChatStream(listener: (event: ChatStreamEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stream's connection state, for a "reconnecting" hint. */
export function useChatStreamStatus(): ChatStreamStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    () => status,
    // Rendered on the server and hydrating, no stream has started.
    () => 'idle',
  );
}
