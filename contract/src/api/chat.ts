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
