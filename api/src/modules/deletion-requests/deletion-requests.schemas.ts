import { z } from '@hono/zod-openapi';

export const CreateDeletionRequestBodySchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email('Not a valid e-mail address'))
      .openapi({ example: 'anna@example.se' }),
    locale: z.enum(['sv', 'en']).default('sv'),
  })
  .openapi('CreateDeletionRequestBody');
export type CreateDeletionRequestBody = z.infer<typeof CreateDeletionRequestBodySchema>;

export const DeletionRequestReceivedSchema = z
  .object({ status: z.literal('received') })
  .openapi('DeletionRequestReceived', {
    description: 'The same answer whether or not the address has an account, so the form reveals nothing.',
  });

export const ConfirmDeletionRequestBodySchema = z
  .object({ token: z.string().trim().min(1).max(200) })
  .openapi('ConfirmDeletionRequestBody');

export const DeletionRequestConfirmedSchema = z
  .object({ status: z.literal('confirmed'), dueAt: z.iso.datetime() })
  .openapi('DeletionRequestConfirmed');
export type DeletionRequestConfirmed = z.infer<typeof DeletionRequestConfirmedSchema>;
