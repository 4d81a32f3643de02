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

/** A documented JSON response. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A JSON request body for `createRoute({ request })`; required unless said otherwise. */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  body: { content: { 'application/json': { schema } }, required },
});

/** A form-encoded request body (the auth routes' `json=true` form posts). */
export const formBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/x-www-form-urlencoded': { schema } }, required: true },
});

const errorContent = (description: string) => jsonContent(ErrorResponseSchema, description);

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
