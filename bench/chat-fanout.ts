// Chat fan-out across API instances (DESIGN §6: a chat message reaches a subscriber on another
// instance with p99 ≤ 250 ms). Messages are posted to instance A; the brand and each creator
// listen on `GET /api/messages/stream` at instance B, which hears of them through PostgreSQL
// LISTEN/NOTIFY. Each message is counted once per stream that should receive it, from the moment
// its POST was due (open loop, campaigns-load.ts) to the moment its event arrived.

import { type ClientRequest, request } from 'node:http';
import type { DatabaseHandle } from '@kollab/db';
import { campaigns, claims, users } from '@kollab/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { fixedRateLoad } from './campaigns-load.ts';
import { addSession, type Seeded } from './seed.ts';

export interface Conversation {
  claimId: string;
  creatorCookie: string;
}

export interface FanOutResult {
  posted: number;
  /** Messages posted in all, the 1 s warm-up's included (to share out the CPU they cost). */
  postedWithWarmUp: number;
  postsPerSecond: number;
  non2xx: number;
  errors: number;
  /** Deliveries owed: every message to the brand's stream and to its creator's stream. */
  expected: number;
  /** Owed deliveries that never came (within 5 s of the last post), on the brand's and on the creators' streams. */
  lost: { brand: number; creators: number };
  /** Messages a stream received more than once. */
  duplicates: number;
  /** Milliseconds from each POST's due time to the event on the other instance, sorted. */
  latencies: number[];
  streams: number;
}

/** `count` creators, each with an approved claim on one of the brand's published campaigns. */
export async function seedConversations(
  db: DatabaseHandle['db'],
  seeded: Seeded,
  count: number,
): Promise<Conversation[]> {
  const picked = await db
    .select({ id: campaigns.id, payoutOre: campaigns.payoutOre })
    .from(campaigns)
    .where(and(eq(campaigns.brandId, seeded.brandId), eq(campaigns.status, 'published')))
    .orderBy(asc(campaigns.title))
    .limit(count);
  const conversations: Conversation[] = [];
  for (const [n, campaign] of picked.entries()) {
    const [creator] = await db
      .insert(users)
      .values({
        email: `bench-chat-${n}@example.se`,
        role: 'creator',
        fullName: `Chat Creator ${n}`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!creator) throw new Error('seed failed');
    const [claim] = await db
      .insert(claims)
      .values({
        campaignId: campaign.id,
        creatorId: creator.id,
        status: 'approved',
        guidelinesConfirmedAt: new Date(),
        payoutOre: campaign.payoutOre,
      })
      .returning();
    if (!claim) throw new Error('seed failed');
    const cookie = await addSession(db, creator.id, `benchchatsession${String(n).padStart(8, '0')}`);
    conversations.push({ claimId: claim.id, creatorCookie: cookie });
  }
  return conversations;
}

/**
 * Opens an event stream and calls `onMessage` with each message's body and arrival time; resolves
 * once the server has sent `ready` (it is then subscribed).
 */
function subscribe(base: string, cookie: string, onMessage: (body: string, at: number) => void) {
  return new Promise<ClientRequest>((resolve, reject) => {
    const req = request(`${base}/api/messages/stream`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        const events = buffer.split('\n\n');
        buffer = events.pop() ?? '';
        for (const event of events) {
          const lines = event.split('\n');
          const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
          if (type === 'ready') resolve(req);
          if (type === 'message') onMessage((JSON.parse(data) as { body: string }).body, at);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Posts `rate` messages a second for `seconds` to `postBase`, round-robin over the conversations. */
export async function chatFanOut(options: {
  postBase: string;
  streamBase: string;
  conversations: Conversation[];
  brandCookie: string;
  rate: number;
  seconds: number;
}): Promise<FanOutResult> {
  const { conversations, rate, seconds } = options;
  // Per stream (0 the brand's, 1 + c conversation c's creator's): message index → arrival time.
  const arrivals = Array.from({ length: conversations.length + 1 }, () => new Map<number, number>());
  let duplicates = 0;
  const listen = (stream: number) => (body: string, at: number) => {
    const match = /^bench (\d+)$/.exec(body);
    if (!match) return;
    const received = arrivals[stream];
    if (received?.has(Number(match[1]))) duplicates++;
    else received?.set(Number(match[1]), at);
  };
  const streams = await Promise.all([
    subscribe(options.streamBase, options.brandCookie, listen(0)),
    ...conversations.map((conversation, c) => subscribe(options.streamBase, conversation.creatorCookie, listen(1 + c))),
  ]);
  try {
    // Message i goes to conversation i % n; its creator writes the first round, the brand the next.
    const post = (prefix: string, duration: number) =>
      fixedRateLoad({
        base: options.postBase,
        paths: conversations.map((conversation) => `/api/conversations/${conversation.claimId}/messages`),
        headers: { 'content-type': 'application/json' },
        headerSets: [
          ...conversations.map((conversation) => ({ cookie: conversation.creatorCookie })),
          ...conversations.map(() => ({ cookie: options.brandCookie })),
        ],
        bodies: Array.from({ length: Math.round(rate * duration) }, (_, i) =>
          JSON.stringify({ body: `${prefix} ${i}` }),
        ),
        rate,
        seconds: duration,
        connections: 32,
      });
    const warmUp = await post('warm', 1);
    const result = await post('bench', seconds);
    const expected = result.sent * 2;
    const deadline = performance.now() + 5_000;
    const delivered = () => arrivals.reduce((sum, received) => sum + received.size, 0);
    while (delivered() < expected && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const interval = 1000 / rate;
    const latencies = arrivals.flatMap((received) =>
      [...received].map(([index, at]) => at - (result.started + index * interval)),
    );
    latencies.sort((a, b) => a - b);
    const brandLost = result.sent - (arrivals[0]?.size ?? 0);
    return {
      posted: result.sent,
      postedWithWarmUp: warmUp.sent + result.sent,
      postsPerSecond: result.latencies.length / result.elapsed,
      non2xx: result.non2xx,
      errors: result.errors,
      expected,
      lost: { brand: brandLost, creators: expected - latencies.length - brandLost },
      duplicates,
      latencies,
      streams: streams.length,
    };
  } finally {
    for (const stream of streams) stream.destroy();
  }
}
