import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { requireUser } from '../../middleware/require-user.ts';
import {
  ChatMessageSchema,
  ConversationSchema,
  MarkReadBodySchema,
  MessagesQuerySchema,
  PostMessageBodySchema,
} from './chat.schemas.ts';
import {
  getConversationClaim,
  listConversations,
  listMessages,
  markRead,
  messagesSince,
  postMessage,
  unreadTotal,
} from './chat.service.ts';

const tags = ['Chat'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('No such conversation, or not yours') };
const ClaimParamSchema = z.object({
  claimId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'claimId', in: 'path' } }),
});
const HEARTBEAT_MS = 20_000;
/** Ids a stream remembers having sent (oldest forgotten first): far more than can arrive out of order. */
const SENT_IDS_KEPT = 10_000;

export const chatRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/conversations',
      tags,
      summary: 'Your conversations (one per claim), newest message first, with unread counts',
      responses: { 200: jsonContent(z.object({ data: z.array(ConversationSchema) }), 'Conversations'), ...common },
    }),
    async (c) => c.json({ data: await listConversations(c.var.db, requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/conversations/{claimId}/messages',
      tags,
      summary: 'Messages, oldest first: the newest page, or before/after a message id',
      request: { params: ClaimParamSchema, query: MessagesQuerySchema },
      responses: { 200: jsonContent(z.object({ data: z.array(ChatMessageSchema) }), 'Messages'), ...common },
    }),
    async (c) => {
      const data = await listMessages(c.var.db, requireUser(c), c.req.valid('param').claimId, c.req.valid('query'));
      return c.json({ data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/conversations/{claimId}/messages',
      tags,
      summary: 'Post a message (text only, at most 2,000 characters; 20 a minute)',
      request: {
        params: ClaimParamSchema,
        body: { content: { 'application/json': { schema: PostMessageBodySchema } }, required: true },
      },
      responses: {
        201: jsonContent(z.object({ data: ChatMessageSchema }), 'The message'),
        ...common,
        429: errorContent('Too many'),
      },
    }),
    async (c) => {
      const message = await postMessage(
        c.var.db,
        requireUser(c),
        c.req.valid('param').claimId,
        c.req.valid('json').body,
      );
      return c.json({ data: message }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/conversations/{claimId}/read',
      tags,
      summary: 'Mark the conversation read up to a message id',
      request: {
        params: ClaimParamSchema,
        body: { content: { 'application/json': { schema: MarkReadBodySchema } }, required: true },
      },
      responses: { 200: jsonContent(z.object({ lastReadId: z.number() }), 'The read marker'), ...common },
    }),
    async (c) => {
      const marker = await markRead(
        c.var.db,
        requireUser(c),
        c.req.valid('param').claimId,
        c.req.valid('json').lastReadId,
      );
      return c.json({ lastReadId: marker }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/messages/unread',
      tags,
      summary: 'Unread messages across your conversations',
      responses: { 200: jsonContent(z.object({ total: z.number() }), 'Unread count'), ...common },
    }),
    async (c) => c.json({ total: await unreadTotal(c.var.db, requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/messages/stream',
      tags,
      summary: 'Server-Sent Events: `message` for every new message in your conversations, `read` for read markers',
      description:
        'Resume after a drop with `Last-Event-ID` (EventSource sends it) or `?after=<id>`: messages after that id are sent first, once each.',
      request: { query: z.object({ after: z.coerce.number().int().min(0).optional() }) },
      responses: { 200: { description: 'text/event-stream' }, ...common },
    }),
    async (c) => {
      const actor = requireUser(c);
      const { db } = c.var;
      const header = Number(c.req.header('Last-Event-ID'));
      let lastId = Number.isFinite(header) && header > 0 ? header : (c.req.valid('query').after ?? 0);
      return streamSSE(c, async (stream) => {
        // Sends run one after another, so each message goes out once. Ids are handed out at insert
        // and a message can commit after one with a higher id: announced ids at or below the last
        // sent are asked for by id (`late`), and `sent` keeps those that went out from going twice.
        let queue = Promise.resolve();
        const sent = new Set<number>();
        let late: number[] = [];
        const flush = () => {
          queue = queue.then(async () => {
            const missing = late.filter((id) => id <= lastId && !sent.has(id));
            late = [];
            for (const message of await messagesSince(db, actor, lastId, missing)) {
              if (sent.has(message.id)) continue;
              await stream.writeSSE({ id: String(message.id), event: 'message', data: JSON.stringify(message) });
              sent.add(message.id);
              if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value as number);
              lastId = Math.max(lastId, message.id);
            }
          });
          return queue;
        };
        // Who takes part in a claim's conversation never changes, so each claim is checked once per
        // stream: a message in someone else's conversation costs this stream no query at all.
        const visibility = new Map<string, Promise<boolean>>();
        const canSee = (claimId: string) => {
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
        const unsubscribe = c.var.bus.subscribe((event) => {
          if (event.type === 'message') {
            void canSee(event.claimId).then((visible) => {
              if (!visible) return;
              late.push(event.id);
              return flush();
            });
          } else if (event.userId !== actor.id) {
            queue = queue.then(async () => {
              if (await canSee(event.claimId)) await stream.writeSSE({ event: 'read', data: JSON.stringify(event) });
            });
          }
        });
        const heartbeat = setInterval(() => void stream.writeSSE({ event: 'ping', data: '' }), HEARTBEAT_MS);
        const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ after: lastId }) });
        await flush();
        await closed;
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
