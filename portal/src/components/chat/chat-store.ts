import { useEffect, useSyncExternalStore } from 'react';
import {
  type ChatStreamEvent,
  closeChatStream,
  holdChatStream,
  subscribeChatStream,
} from '../../hooks/use-chat-stream';
import { apiFetch } from '../../lib/api-fetch';
import type { ChatMessage, Conversation } from './types';

export interface ChatState {
  /** Whose conversations these are (the signed-in user). */
  userId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
  /** Newest message first; conversations without messages last. */
  conversations: Conversation[];
  unreadTotal: number;
}

const EMPTY: ChatState = { userId: null, status: 'idle', error: null, conversations: [], unreadTotal: 0 };
const CLOSE_DELAY_MS = 1_000;

let state: ChatState = EMPTY;
let holders = 0;
let releaseStream: (() => void) | null = null;
let stopListening: (() => void) | null = null;
let loadSequence = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function sortConversations(list: Conversation[]): Conversation[] {
  return [...list].sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0));
}

function setConversations(conversations: Conversation[], extra: Partial<ChatState> = {}): void {
  const sorted = sortConversations(conversations);
  state = {
    ...state,
    ...extra,
    conversations: sorted,
    unreadTotal: sorted.reduce((sum, conversation) => sum + conversation.unread, 0),
  };
  for (const listener of listeners) listener();
}

function setState(next: Partial<ChatState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function update(claimId: string, change: (conversation: Conversation) => Conversation): void {
  if (!state.conversations.some((conversation) => conversation.claimId === claimId)) return;
  setConversations(
    state.conversations.map((conversation) => (conversation.claimId === claimId ? change(conversation) : conversation)),
  );
}

/** (Re)loads the list; a newer load wins over an older one still in flight. */
async function load(options: { quiet?: boolean } = {}): Promise<void> {
  const id = ++loadSequence;
  const userId = state.userId;
  if (!options.quiet || state.status !== 'ready') setState({ status: 'loading', error: null });
  try {
    const { data } = await apiFetch<{ data: Conversation[] }>('/api/conversations');
    if (id !== loadSequence || userId !== state.userId) return;
    setConversations(data, { status: 'ready', error: null });
    if (!releaseStream && holders > 0) {
      releaseStream = holdChatStream(Math.max(0, ...data.map((item) => item.lastMessage?.id ?? 0)));
    }
  } catch (error) {
    if (id !== loadSequence || userId !== state.userId) return;
    if (state.status !== 'ready') setState({ status: 'error', error });
  }
}

/** A message from the stream or from our own send. Counts as unread only once, and only if not ours. */
export function applyMessage(message: ChatMessage): void {
  const conversation = state.conversations.find((item) => item.claimId === message.claimId);
  if (!conversation) {
    // A conversation we do not have yet (a claim made after the list was loaded).
    if (state.status === 'ready') void load({ quiet: true });
    return;
  }
  if (conversation.lastMessage && conversation.lastMessage.id >= message.id) return;
  const isOwn = message.author.id !== null && message.author.id === state.userId;
  update(message.claimId, (item) => ({
    ...item,
    lastMessage: message,
    unread: isOwn ? item.unread : item.unread + 1,
  }));
}

// The server tells the other party about a read marker, not the reader's other tabs: they hear it here.
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kollab-chat-read');
tabs?.addEventListener('message', (event: MessageEvent<{ userId?: unknown; claimId?: unknown }>) => {
  const { userId, claimId } = event.data ?? {};
  if (typeof claimId === 'string' && userId === state.userId) clearUnread(claimId);
});

function clearUnread(claimId: string): void {
  update(claimId, (item) => (item.unread === 0 ? item : { ...item, unread: 0 }));
}

/** The conversation has been read here up to its newest message (and so in every tab). */
export function markReadLocally(claimId: string): void {
  clearUnread(claimId);
  tabs?.postMessage({ userId: state.userId, claimId });
}

function onStreamEvent(event: ChatStreamEvent): void {
  if (event.type === 'message') applyMessage(event.message);
  else if (event.type === 'read') {
    update(event.claimId, (item) =>
      item.counterpart.id === event.userId && event.lastReadId > item.counterpartLastReadId
        ? { ...item, counterpartLastReadId: event.lastReadId }
        : item,
    );
  } else if (event.type === 'ready' && event.reconnected) {
    // Read markers are not replayed after a drop: fetch the list again.
    void load({ quiet: true });
  }
}

function stop(): void {
  releaseStream?.();
  releaseStream = null;
  stopListening?.();
  stopListening = null;
  loadSequence++;
  state = EMPTY;
  for (const listener of listeners) listener();
}

/** Starts the store for `userId` (or keeps it), resetting it when another user signs in. */
function hold(userId: string): () => void {
  clearTimeout(closeTimer);
  if (state.userId !== userId) {
    if (state.userId) {
      stop();
      closeChatStream();
    }
    state = { ...EMPTY, userId };
  }
  holders++;
  if (!stopListening) stopListening = subscribeChatStream(onStreamEvent);
  if (state.status === 'idle') void load();
  else if (!releaseStream && state.status === 'ready') {
    releaseStream = holdChatStream(Math.max(0, ...state.conversations.map((item) => item.lastMessage?.id ?? 0)));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0) return;
    closeTimer = setTimeout(() => holders === 0 && stop(), CLOSE_DELAY_MS);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The signed-in user's conversations, kept live by the tab's one chat stream. Every component
 * that uses it (the nav badge, the chat pages) shares one list, one request and one stream.
 */
export function useChat(userId: string | undefined): ChatState & { reload: () => void } {
  useEffect(() => (userId ? hold(userId) : undefined), [userId]);
  // Rendered on the server and hydrating, the store has not started: the empty state.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => EMPTY,
  );
  const current = snapshot.userId === userId ? snapshot : { ...EMPTY, status: 'loading' as const };
  return { ...current, reload: () => void load() };
}
