import type { NotificationList } from '@kollab/contract/api/notifications';
import { useEffect, useSyncExternalStore } from 'react';
import { subscribeChatStream } from '../../hooks/use-chat-stream';
import { apiFetch } from '../../lib/api-fetch';

/**
 * The bell's state for the signed-in user: the unread count, and `version`, which grows whenever
 * the notifications change (a list on screen loads again). Live from the tab's one chat stream
 * (ADR 039), which the bell holds through the chat store; no second connection.
 */
type State = { userId: string | null; unreadCount: number; version: number };

const INITIAL: State = { userId: null, unreadCount: 0, version: 0 };
let state: State = INITIAL;
const listeners = new Set<() => void>();
/** The store listens for the tab's lifetime: the stream is there as long as anyone is signed in. */
let listening = false;

function setState(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Asks the API for the count (at start and whenever the stream is ready: what it missed is unknown). */
async function refresh(): Promise<void> {
  const userId = state.userId;
  const page = await apiFetch<NotificationList>('/api/notifications?limit=1').catch(() => null);
  if (page && userId === state.userId) setState({ unreadCount: page.unreadCount, version: state.version + 1 });
}

function start(userId: string): void {
  if (state.userId === userId) return;
  state = { userId, unreadCount: 0, version: 0 };
  if (!listening) {
    listening = true;
    subscribeChatStream((event) => {
      if (event.type === 'notification') setState({ unreadCount: event.unreadCount, version: state.version + 1 });
      // Once the stream is listening (first time, or again after a drop), the count is asked for:
      // what was added before it listened would otherwise be missed.
      else if (event.type === 'ready') void refresh();
    });
  }
  void refresh();
}

/** The count and version for `userId` (starting the store for them). */
export function useNotificationState(userId: string | undefined): State {
  useEffect(() => {
    if (userId) start(userId);
  }, [userId]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => state,
    // Rendered on the server and hydrating, the store has not started.
    () => INITIAL,
  );
}

/** Marks one read; the stream brings the new count to every tab, this sets it here at once. */
export async function markNotificationRead(id: string): Promise<void> {
  const answer = await apiFetch<{ unreadCount: number }>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
  });
  setState({ unreadCount: answer.unreadCount, version: state.version + 1 });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiFetch('/api/notifications/read-all', { method: 'POST' });
  setState({ unreadCount: 0, version: state.version + 1 });
}

/** A page of the user's notifications, newest first. */
export function fetchNotifications(options: { limit: number; cursor?: string | null }): Promise<NotificationList> {
  const query = new URLSearchParams({ limit: String(options.limit) });
  if (options.cursor) query.set('cursor', options.cursor);
  return apiFetch<NotificationList>(`/api/notifications?${query}`);
}
