import { z } from '@hono/zod-openapi';
import { EmailSchema, LocaleSchema, TokenSchema } from '../../lib/fields.ts';

export const CreateDeletionRequestBodySchema = z
  .object({ email: EmailSchema, locale: LocaleSchema.default('sv') })
  .openapi('CreateDeletionRequestBody');
export type CreateDeletionRequestBody = z.infer<typeof CreateDeletionRequestBodySchema>;

export const DeletionRequestReceivedSchema = z
  .object({ status: z.literal('received') })
  .openapi('DeletionRequestReceived', {
    description: 'The same answer whether or not the address has an account, so the form reveals nothing.',
  });

export const ConfirmDeletionRequestBodySchema = z.object({ token: TokenSchema }).openapi('ConfirmDeletionRequestBody');

export const DeletionRequestConfirmedSchema = z
  .object({ status: z.literal('confirmed'), dueAt: z.iso.datetime() })
  .openapi('DeletionRequestConfirmed');
export type DeletionRequestConfirmed = z.infer<typeof DeletionRequestConfirmedSchema>;
