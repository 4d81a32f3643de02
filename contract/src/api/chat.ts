import { z } from 'zod';

export const ChatMessageSchema = z
  .object({
    id: z.number(),
    claimId: z.string(),
    author: z.object({
      id: z.string().nullable(),
      name: z.string(),
      role: z.enum(['creator', 'brand', 'admin', 'deleted']),
      image: z.string().nullable(),
    }),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A moderation case on a conversation (ADR 023): while one is open, Kollab's admins may read it. */
export const ModerationCaseSchema = z
  .object({
    id: z.string(),
    claimId: z.string(),
    openedByRole: z.enum(['creator', 'brand', 'admin']),
    reason: z.string(),
    status: z.enum(['open', 'closed']),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'ModerationCase' });
export type ModerationCase = z.infer<typeof ModerationCaseSchema>;

/** Why a participant reports a conversation, or why an admin opens a case on it. */
export const CaseReasonBodySchema = z
  .object({
    reason: z.string({ message: 'required' }).trim().min(1, 'required').max(1000, 'too_long'),
  })
  .strict()
  .meta({ id: 'CaseReasonBody' });

export const ConversationSchema = z
  .object({
    claimId: z.string(),
    campaign: z.object({ id: z.string(), title: z.string() }),
    claimStatus: z.string(),
    counterpart: z.object({
      id: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      role: z.enum(['creator', 'brand']),
    }),
    lastMessage: ChatMessageSchema.nullable(),
    unread: z.number(),
    /** How far the other party has read (drives the "read" ticks). */
    counterpartLastReadId: z.number(),
    moderationCase: ModerationCaseSchema.nullable().meta({
      description: 'The open moderation case, if the conversation was reported or an admin opened one',
    }),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof ConversationSchema>;

export const MessagesQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const PostMessageBodySchema = z
  .object({
    body: z
      .string({ message: 'required' })
      .max(2000, 'too_long')
      .refine((text) => text.trim().length > 0, 'required'),
  })
  .strict()
  .meta({ id: 'PostMessageBody' });

export const MarkReadBodySchema = z
  .object({ lastReadId: z.number().int().min(0) })
  .strict()
  .meta({ id: 'MarkReadBody' });
