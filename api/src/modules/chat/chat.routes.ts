import { createRoute, z } from '@hono/zod-openapi';
import {
  CaseReasonBodySchema,
  ChatMessageSchema,
  ConversationSchema,
  MarkReadBodySchema,
  MessagesQuerySchema,
  ModerationCaseSchema,
  PostMessageBodySchema,
} from '@kollab/contract/api/chat';
import { IdParamSchema } from '@kollab/contract/api/fields';
import { createRouter } from '../../lib/create-router.ts';
import { authErrorResponses, errorContent, errorResponses, jsonBody, jsonContent } from '../../lib/openapi.ts';
import { requireRole, requireUser } from '../../middleware/require-user.ts';
import { listConversations, listMessages, markRead, postMessage, unreadTotal } from './chat.service.ts';
import { streamMessages } from './chat.stream.ts';
import { closeCase, openCaseAsAdmin, reportConversation } from './moderation.service.ts';

const tags = ['Chat'];
const common = { ...errorResponses, ...authErrorResponses, 404: errorContent('No such conversation, or not yours') };
const caseEnvelope = z.object({ data: ModerationCaseSchema });
const ClaimParamSchema = z.object({
  claimId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'claimId', in: 'path' } }),
});

export const chatRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/conversations',
      tags,
      summary: 'Your conversations (one per claim), newest message first, with unread counts',
      responses: { 200: jsonContent(z.object({ data: z.array(ConversationSchema) }), 'Conversations'), ...common },
    }),
    async (c) => c.json({ data: await listConversations(c.get('db'), requireUser(c)) }, 200),
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
      const data = await listMessages(c.get('db'), requireUser(c), c.req.valid('param').claimId, c.req.valid('query'));
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
        c.get('db'),
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
        c.get('db'),
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
    async (c) => c.json({ total: await unreadTotal(c.get('db'), requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/messages/stream',
      tags,
      summary:
        'Server-Sent Events: `message` for every new message in your conversations, `read` for read markers, `notification` when your notifications change',
      description:
        'Resume after a drop with `Last-Event-ID` (EventSource sends it) or `?after=<id>`: messages after that id are sent first, once each. ' +
        'The stream ends when its session does (sign-out, password change, role change, suspension), with a last event `end` ({"reason":"session_ended"}): do not reconnect before checking the session. ' +
        '`notification` carries {"notification": <the one added, or null after reads>, "unreadCount": n} (ADR 039). ' +
        'At most CHAT_STREAMS_PER_USER streams per account and CHAT_STREAMS_PER_IP per address are open at once on an instance.',
      request: { query: z.object({ after: z.coerce.number().int().min(0).optional() }) },
      responses: {
        200: { description: 'text/event-stream' },
        ...common,
        429: errorContent('Too many open streams for this account or address (with Retry-After)'),
      },
    }),
    async (c) => {
      const actor = requireUser(c);
      const header = Number(c.req.header('Last-Event-ID'));
      const after = Number.isFinite(header) && header > 0 ? header : (c.req.valid('query').after ?? 0);
      return streamMessages(c, actor, after);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/conversations/{claimId}/report',
      tags,
      summary: 'Report the conversation to Kollab (creator or brand): opens a moderation case admins can read',
      description: 'Answers 201 with a new case, or 200 with the case already open. At most 5 reports an hour.',
      request: { params: ClaimParamSchema, ...jsonBody(CaseReasonBodySchema) },
      responses: {
        200: jsonContent(caseEnvelope, 'The case that was already open'),
        201: jsonContent(caseEnvelope, 'The new case'),
        ...common,
        429: errorContent('Too many reports'),
      },
    }),
    async (c) => {
      const { claimId } = c.req.valid('param');
      const opened = await reportConversation(c.get('db'), requireUser(c), claimId, c.req.valid('json').reason);
      return opened.created ? c.json({ data: opened.case }, 201) : c.json({ data: opened.case }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/claims/{claimId}/moderation-case',
      tags,
      summary: 'Open a moderation case on a claim’s conversation (admins), so it can be read; the reason is audited',
      description: 'Answers 201 with a new case, or 200 with the case already open.',
      request: { params: ClaimParamSchema, ...jsonBody(CaseReasonBodySchema) },
      responses: {
        200: jsonContent(caseEnvelope, 'The case that was already open'),
        201: jsonContent(caseEnvelope, 'The new case'),
        ...common,
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      const opened = await openCaseAsAdmin(
        c.get('db'),
        admin,
        c.req.valid('param').claimId,
        c.req.valid('json').reason,
      );
      return opened.created ? c.json({ data: opened.case }, 201) : c.json({ data: opened.case }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/moderation-cases/{id}/close',
      tags,
      summary: 'Close a moderation case (admins): the conversation is private again',
      request: { params: IdParamSchema },
      responses: {
        200: jsonContent(caseEnvelope, 'The closed case'),
        ...common,
        404: errorContent('No such case'),
        409: errorContent('Already closed'),
      },
    }),
    async (c) => {
      const admin = requireRole(c, 'admin');
      return c.json({ data: await closeCase(c.get('db'), admin, c.req.valid('param').id) }, 200);
    },
  );
