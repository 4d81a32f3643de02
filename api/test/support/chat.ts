import type { Database } from '@kollab/db';
import { claims, type User } from '@kollab/db/schema';
import { createCampaign, createUser, type UserOptions } from './factories.ts';
import { jsonHeaders, loginAs } from './login-as.ts';
import type { TestApp } from './test-app.ts';

/** A brand, a creator (English) and a claim between them: a conversation, with a session for each. */
export async function createConversation(
  db: Database,
  options: { brand?: UserOptions; creator?: UserOptions } = {},
): Promise<{ brand: User; creator: User; claimId: string; brandCookie: string; creatorCookie: string }> {
  const brand = await createUser(db, { role: 'brand', ...options.brand });
  const creator = await createUser(db, { role: 'creator', locale: 'en', ...options.creator });
  const campaign = await createCampaign(db, brand.id, { title: 'Kaffe på fjället', payoutOre: 10_000 });
  const [claim] = await db
    .insert(claims)
    .values({ campaignId: campaign.id, creatorId: creator.id, guidelinesConfirmedAt: new Date(), payoutOre: 10_000 })
    .returning();
  return {
    brand,
    creator,
    claimId: claim?.id ?? '',
    brandCookie: await loginAs(db, brand),
    creatorCookie: await loginAs(db, creator),
  };
}

/** Posts a chat message as the holder of `cookie`. */
export async function sendMessage(app: TestApp, cookie: string, claimId: string, body: unknown): Promise<Response> {
  return app.app.request(`/api/conversations/${claimId}/messages`, {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
}

export type StreamEvent = { event: string; id?: string; data: string };

/**
 * Reads Server-Sent Events as they come; `waitFor` resolves with all so far once `until` holds,
 * `ended` once the server has closed the stream.
 */
export function collectEvents(res: Response) {
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const events: StreamEvent[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) {
        ended = true;
        return;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        events.push({ event: fields.event ?? 'message', id: fields.id, data: fields.data ?? '' });
        split = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    /** All events so far once `until` holds; with `orTimeoutMs`, whatever came by then. */
    async waitFor(until: (all: StreamEvent[]) => boolean, orTimeoutMs?: number) {
      const deadline = Date.now() + (orTimeoutMs ?? 5000);
      while (!until(events)) {
        if (Date.now() > deadline) {
          if (orTimeoutMs !== undefined) break;
          throw new Error(`events so far: ${JSON.stringify(events)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return [...events];
    },
    /** Whether the server has ended the stream (read to its end). */
    get ended() {
      return ended;
    },
    /** Resolves once the server ends the stream; throws after `timeoutMs`. */
    async waitForEnd(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended) {
        if (Date.now() > deadline) throw new Error(`stream still open; events so far: ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return [...events];
    },
    /** Every event so far. */
    get events() {
      return [...events];
    },
    async stop() {
      await reader.cancel();
      await reading;
    },
  };
}

/** Reads Server-Sent Events from a streaming response until `until` is satisfied (or the timeout). */
export async function readEvents(res: Response, until: (events: StreamEvent[]) => boolean, timeoutMs = 5000) {
  const stream = collectEvents(res);
  const events = await stream.waitFor(until, timeoutMs);
  await stream.stop();
  return events;
}
