import './zod-messages.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { AppError, fieldErrorsFromZod } from './errors.ts';

/**
 * The one way to make a router. Its validation hook throws `validation_failed`, so schema failures
 * reach `app.ts`'s `onError` and come out in the same envelope as every other error. Routers must
 * not define their own `onError` or `notFound`.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw AppError.validation(fieldErrorsFromZod(result.error), `Request ${result.target} is invalid`);
      }
    },
  });
}
