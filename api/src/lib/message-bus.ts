import type { DatabaseHandle } from '@kollab/db';
import type { Logger } from 'pino';
import { z } from 'zod';

export const CHAT_CHANNEL = 'kollab_chat';

/** What travels over PostgreSQL NOTIFY: a new message, or a read marker moving. */
const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), claimId: z.string(), id: z.number() }),
  z.object({ type: z.literal('read'), claimId: z.string(), userId: z.string(), lastReadId: z.number() }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

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
