import type { Database, DatabaseHandle } from '@kollab/db';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';

export const CHAT_CHANNEL = 'kollab_chat';

/**
 * What travels over PostgreSQL NOTIFY: a new message, a read marker moving, or sessions ending
 * (`revoke`: one session, or every session of a user; open streams check theirs at once, ADR 012).
 */
const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), claimId: z.string(), id: z.number() }),
  z.object({ type: z.literal('read'), claimId: z.string(), userId: z.string(), lastReadId: z.number() }),
  z.object({ type: z.literal('revoke'), userId: z.string().optional(), sessionId: z.string().optional() }),
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
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: unlisten,
  };
}
