import { z } from '@hono/zod-openapi';
import { ERROR_STATUS } from './errors.ts';

export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string().openapi({ description: 'For developers; show text chosen by `code`.' }),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .openapi({ description: 'Messages per dotted field path; `$` is the whole body.' }),
      requestId: z.string(),
    }),
  })
  .openapi('ErrorResponse');

const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});

/** Error responses every route can give; spread into each `createRoute({ responses })`. */
export const errorResponses = {
  400: errorContent('Malformed request'),
  422: errorContent('Validation failed'),
  500: errorContent('Unexpected error'),
} as const;

/** Extra documented responses for routes behind a session. */
export const authErrorResponses = {
  401: errorContent('No valid session'),
  403: errorContent('Not allowed'),
} as const;

export { errorContent };
