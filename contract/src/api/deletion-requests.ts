import { z } from 'zod';
import { EmailSchema, LocaleSchema, TokenSchema } from './fields.ts';

export const CreateDeletionRequestBodySchema = z
  .object({ email: EmailSchema, locale: LocaleSchema.default('sv') })
  .meta({ id: 'CreateDeletionRequestBody' });
export type CreateDeletionRequestBody = z.infer<typeof CreateDeletionRequestBodySchema>;

export const DeletionRequestReceivedSchema = z.object({ status: z.literal('received') }).meta({
  id: 'DeletionRequestReceived',
  description: 'The same answer whether or not the address has an account, so the form reveals nothing.',
});

export const ConfirmDeletionRequestBodySchema = z
  .object({ token: TokenSchema })
  .meta({ id: 'ConfirmDeletionRequestBody' });

export const DeletionRequestConfirmedSchema = z
  .object({ status: z.literal('confirmed'), dueAt: z.iso.datetime() })
  .meta({ id: 'DeletionRequestConfirmed' });
export type DeletionRequestConfirmed = z.infer<typeof DeletionRequestConfirmedSchema>;
