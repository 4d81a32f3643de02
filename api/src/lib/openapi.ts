import type { z } from '@hono/zod-openapi';
import { ErrorResponseSchema } from '@kollab/contract/api/errors';

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
