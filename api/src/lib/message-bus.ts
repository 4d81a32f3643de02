import type { Database, DatabaseHandle } from '@kollab/db';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';

export const CHAT_CHANNEL = 'kollab_chat';
/** Where PostgreSQL's triggers announce changed rows that instances keep in memory (migrations 0031, 0035; ADR 035). */
export const CACHE_CHANNEL = 'kollab_cache';

/** The kinds of rows announced on `kollab_cache`: the trigger's argument. */
const CACHED_ROW_KINDS = [
  'user',
  'session',
  'provider_cache',
  'campaign',
  'campaign_list',
  'brand_profile',
  'claims',
] as const;
export type CachedRowKind = (typeof CACHED_ROW_KINDS)[number];
/** A changed row's key, or `*`: many rows changed, or announcements may have been missed. */
export type CacheChangeListener = (key: string) => void;

/**
 * What travels over PostgreSQL NOTIFY: a new message, a read marker moving, sessions ending
 * (`revoke`: one session, or every session of a user; open streams check theirs at once, ADR 012),
 * or a user's notifications changing (`notification`, ADR 039).
 */
const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), claimId: z.string(), id: z.number() }),
  z.object({ type: z.literal('read'), claimId: z.string(), userId: z.string(), lastReadId: z.number() }),
  z.object({ type: z.literal('revoke'), userId: z.string().optional(), sessionId: z.string().optional() }),
  // A user's notifications changed: `id` was added (or came back unread), or, without it, some were read (ADR 039).
  z.object({ type: z.literal('notification'), userId: z.string(), id: z.string().optional() }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

export type RevocationTarget = { userId: string } | { sessionId: string };

/**
 * Tells every API instance that sessions ended, so open streams of them close. Call it where
 * sessions are deleted, with the same `db` (or transaction): NOTIFY is delivered only once the
 * deletion is committed, so a stream that checks its session then finds it gone.
 */
export async function publishSessionRevocation(db: Database, target: RevocationTarget): Promise<void> {
  const event =
    'userId' in target ? { type: 'revoke', userId: target.userId } : { type: 'revoke', sessionId: target.sessionId };
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}

export interface MessageBus {
  subscribe(listener: (event: ChatEvent) => void): () => void;
  /** Hears every committed change to rows of `kind` (from any instance, job or psql). */
  onCacheChange(kind: CachedRowKind, listener: CacheChangeListener): () => void;
  close(): Promise<void>;
}

/**
 * One LISTEN per API instance, fanned out to its open streams. Messages are announced with
 * NOTIFY in the transaction that stores them, so every instance on the database hears about
 * them once they are committed; nothing another instance needs is kept here.
 */
export async function createMessageBus(database: Pick<DatabaseHandle, 'listen'>, logger: Logger): Promise<MessageBus> {
  const listeners = new Set<(event: ChatEvent) => void>();
  const unlisten = await database.listen(CHAT_CHANNEL, (payload) => {
    const parsed = ChatEventSchema.safeParse(
      (() => {
        try {
          return JSON.parse(payload);
        } catch {
          return null;
        }
      })(),
    );
    if (!parsed.success) {
      logger.warn({ payload }, 'ignored a malformed chat notification');
      return;
    }
    for (const listener of listeners) listener(parsed.data);
  });
  const cacheListeners = new Map<CachedRowKind, Set<CacheChangeListener>>(
    CACHED_ROW_KINDS.map((kind) => [kind, new Set()]),
  );
  const tell = (kind: CachedRowKind, key: string) => {
    for (const listener of cacheListeners.get(kind) ?? []) listener(key);
  };
  const unlistenCache = await database.listen(
    CACHE_CHANNEL,
    (payload) => {
      const colon = payload.indexOf(':');
      const kind = payload.slice(0, colon) as CachedRowKind;
      if (colon < 0 || !cacheListeners.has(kind)) {
        logger.warn({ payload }, 'ignored a malformed cache notification');
        return;
      }
      tell(kind, payload.slice(colon + 1));
    },
    // (Re)connected: whatever was announced while the connection was down is unknown.
    () => {
      for (const kind of CACHED_ROW_KINDS) tell(kind, '*');
    },
  );
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onCacheChange(kind, listener) {
      const set = cacheListeners.get(kind);
      set?.add(listener);
      return () => set?.delete(listener);
    },
    close: async () => {
      await unlisten();
      await unlistenCache();
    },
  };
}
