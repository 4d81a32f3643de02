import type { Database } from '@kollab/db';
import { sessions, type User, users } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { perOwner } from '../../lib/bounded-cache.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChatEvent, MessageBus } from '../../lib/message-bus.ts';
import { countUnread, findNotification } from '../notifications/notifications.service.ts';
import { auditAdminRead, getConversationClaim, messagesSince } from './chat.service.ts';

/*
 * The live chat stream (`GET /api/messages/stream`). It lives as long as the session it was opened
 * with (ADR 012): before anything is written (a message, a read marker, a heartbeat) the session is
 * checked again, and a revocation on the message bus (sign-out, password change, role change,
 * suspension, on any instance) makes it check at once. A session that no longer holds ends the
 * stream with a last event, `end` (`{ reason: 'session_ended' }`). The user's notifications come
 * on it too (`notification`: the one added, if any, and the unread count; ADR 039).
 */

const HEARTBEAT_MS = 20_000;
/** Ids a stream remembers having sent (oldest forgotten first): far more than can arrive out of order. */
const SENT_IDS_KEPT = 10_000;
/** What a refused stream is told to wait: about as long as a client backs off anyway. */
const RETRY_AFTER_SECONDS = 30;

type StreamSession = { id: string; userId: string };

/**
 * Open streams on this instance, per user and per client IP. Counted per instance (per message
 * bus): a stream holds this instance's memory, socket and listener, which is what the cap protects.
 */
const openStreams = perOwner((_bus: MessageBus) => ({
  byUser: new Map<string, number>(),
  byIp: new Map<string, number>(),
}));

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/**
 * Takes a stream slot for the user and the IP, and returns the function that gives it back.
 * @throws rate_limited (with `Retry-After`) when either already has its maximum open
 */
export function takeStreamSlot(
  bus: MessageBus,
  userId: string,
  ip: string,
  limits: { perUser: number; perIp: number },
): () => void {
  const { byUser, byIp } = openStreams(bus);
  const userCount = byUser.get(userId) ?? 0;
  const ipCount = byIp.get(ip) ?? 0;
  if (userCount >= limits.perUser || ipCount >= limits.perIp) {
    const which = userCount >= limits.perUser ? `${limits.perUser} per account` : `${limits.perIp} per address`;
    throw new AppError('rate_limited', `Too many open message streams (at most ${which}); close one first`, {
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
    });
  }
  byUser.set(userId, userCount + 1);
  byIp.set(ip, ipCount + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    decrement(byUser, userId);
    decrement(byIp, ip);
  };
}

/**
 * Whether the session a stream was opened with still holds: not signed out or ended, not expired,
 * the user not suspended and still in the role the stream was opened with.
 */
export async function sessionStillHolds(db: Database, session: StreamSession, actor: User): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, role: users.role, suspendedAt: users.suspendedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, session.id), eq(sessions.userId, actor.id)));
  return !!row && row.expiresAt.getTime() > Date.now() && !row.suspendedAt && row.role === actor.role;
}

function concerns(event: ChatEvent & { type: 'revoke' }, session: StreamSession): boolean {
  return event.sessionId === session.id || event.userId === session.userId;
}

/**
 * Opens the stream for the signed-in user, starting after message `startAfter`.
 * @throws unauthorized without a session, rate_limited over the caps
 */
export function streamMessages(c: Context<AppEnv>, actor: User, startAfter: number): Response | Promise<Response> {
  const { db, bus, env } = c.var;
  const current = c.get('session');
  if (!current) throw new AppError('unauthorized', 'Sign in first');
  const session: StreamSession = current;
  const release = takeStreamSlot(bus, actor.id, clientIp(c), {
    perUser: env.CHAT_STREAMS_PER_USER,
    perIp: env.CHAT_STREAMS_PER_IP,
  });
  let lastId = startAfter;
  return streamSSE(c, async (stream) => {
    try {
      await run(stream);
    } finally {
      release();
    }
  });

  async function run(stream: SSEStreamingApi): Promise<void> {
    let ended = false;
    let end = () => {};
    const closed = new Promise<void>((resolve) => {
      end = () => {
        ended = true;
        resolve();
      };
      stream.onAbort(end);
    });
    // Work runs one piece after another, so each message goes out once and in order with the
    // session checks: nothing is written unless the session held just before. A failure ends the
    // stream (the client resumes with Last-Event-ID) rather than leaving it silent.
    let queue = Promise.resolve();
    const whileSessionHolds = (work?: () => Promise<void>) => {
      queue = queue
        .then(async () => {
          if (ended) return;
          if (!(await sessionStillHolds(db, session, actor))) {
            // Said before closing, so the client closes instead of reconnecting into a 401.
            await stream.writeSSE({ event: 'end', data: JSON.stringify({ reason: 'session_ended' }) });
            return end();
          }
          await work?.();
        })
        .catch(() => end());
      return queue;
    };
    // Ids are handed out at insert and a message can commit after one with a higher id: announced
    // ids at or below the last sent are asked for by id (`late`), and `sent` keeps those that went
    // out from going twice.
    const sent = new Set<number>();
    let late: number[] = [];
    const flush = () =>
      whileSessionHolds(async () => {
        const missing = late.filter((id) => id <= lastId && !sent.has(id));
        late = [];
        for (const message of await messagesSince(db, actor, lastId, missing)) {
          if (ended) break;
          if (sent.has(message.id)) continue;
          if (actor.role === 'admin' && !(await adminMayRead(message.claimId))) continue;
          await stream.writeSSE({ id: String(message.id), event: 'message', data: JSON.stringify(message) });
          sent.add(message.id);
          if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value as number);
          lastId = Math.max(lastId, message.id);
        }
      });
    // Admins read a conversation only while its moderation case is open (ADR 023): each message is
    // checked, and the first one of each conversation this stream delivers goes into the audit log.
    const auditedClaims = new Set<string>();
    const adminMayRead = (claimId: string) =>
      getConversationClaim(db, actor, claimId).then(
        async (conversation) => {
          if (!auditedClaims.has(claimId)) {
            auditedClaims.add(claimId);
            await auditAdminRead(db, actor, conversation, 'stream');
          }
          return true;
        },
        () => false,
      );
    // Who takes part in a claim's conversation never changes, so each claim is checked once per
    // stream: a message in someone else's conversation costs this stream no query at all.
    const visibility = new Map<string, Promise<boolean>>();
    const canSee = (claimId: string) => {
      if (actor.role === 'admin') return adminMayRead(claimId);
      let visible = visibility.get(claimId);
      if (!visible) {
        visible = getConversationClaim(db, actor, claimId).then(
          () => true,
          () => false,
        );
        visibility.set(claimId, visible);
      }
      return visible;
    };
    const unsubscribe = bus.subscribe((event) => {
      if (event.type === 'revoke') {
        if (concerns(event, session)) void whileSessionHolds();
      } else if (event.type === 'notification') {
        if (event.userId === actor.id) void whileSessionHolds(() => sendNotification(event.id));
      } else if (event.type === 'message') {
        void canSee(event.claimId).then((visible) => {
          if (!visible) return;
          late.push(event.id);
          return flush();
        });
      } else if (event.userId !== actor.id) {
        void canSee(event.claimId).then((visible) => {
          if (visible) return whileSessionHolds(() => stream.writeSSE({ event: 'read', data: JSON.stringify(event) }));
        });
      }
    });
    // The bell's news rides on the same stream, so a tab holds one connection (ADR 039): the
    // notification that was added, if any, and the unread count now.
    const sendNotification = async (id: string | undefined) => {
      const [notification, unreadCount] = await Promise.all([
        id ? findNotification(db, actor.id, id) : null,
        countUnread(db, actor.id),
      ]);
      await stream.writeSSE({ event: 'notification', data: JSON.stringify({ notification, unreadCount }) });
    };
    const heartbeat = setInterval(
      () => void whileSessionHolds(() => stream.writeSSE({ event: 'ping', data: '' })),
      HEARTBEAT_MS,
    );
    try {
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ after: lastId }) });
      await flush();
      await closed;
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  }
}
