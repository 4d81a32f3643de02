import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { CACHE_CHANNEL, createMessageBus } from './message-bus.ts';

/** A database whose LISTEN connection the test can drop and restore, and whose NOTIFYs it sends. */
function fakeDatabase() {
  const channels = new Map<string, { handler: (payload: string) => void; onListen?: () => void }>();
  return {
    listen: async (channel: string, handler: (payload: string) => void, onListen?: () => void) => {
      channels.set(channel, { handler, ...(onListen ? { onListen } : {}) });
      onListen?.();
      return async () => void channels.delete(channel);
    },
    notify: (channel: string, payload: string) => channels.get(channel)?.handler(payload),
    reconnect: () => {
      for (const { onListen } of channels.values()) onListen?.();
    },
  };
}

describe('cache announcements on the message bus', () => {
  it('passes each changed key to the listeners of its kind, and `*` to all after a reconnect', async () => {
    const database = fakeDatabase();
    const bus = await createMessageBus(database, createLogger('silent'));
    const heard: string[] = [];
    bus.onCacheChange('session', (key) => heard.push(`session ${key}`));
    const stop = bus.onCacheChange('provider_cache', (key) => heard.push(`provider_cache ${key}`));

    database.notify(CACHE_CHANNEL, 'session:abc');
    database.notify(CACHE_CHANNEL, 'provider_cache:report:instagram:x1');
    database.notify(CACHE_CHANNEL, 'user:u1');
    database.notify(CACHE_CHANNEL, 'nonsense');
    database.notify(CACHE_CHANNEL, 'unknown:k');
    // Announcements sent while the connection was down are lost: whoever holds rows drops them all.
    database.reconnect();
    stop();
    database.notify(CACHE_CHANNEL, 'provider_cache:report:instagram:x2');

    expect(heard).toEqual(['session abc', 'provider_cache report:instagram:x1', 'session *', 'provider_cache *']);
    await bus.close();
  });
});
