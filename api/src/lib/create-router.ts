import './zod-messages.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { AppError, fieldErrorsFromZod } from './errors.ts';
import { MemoRouter } from './memo-router.ts';

/**
 * The dotted path of a string in validated input that contains a NUL character, or undefined. PostgreSQL text cannot hold U+0000, so such input would otherwise fail at the database.
 */
export function findNulCharacter(data: unknown): string | undefined {
  const pending: [unknown, string][] = [[data, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '$';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push([item, path ? `${path}.${index}` : String(index)]);
      });
    } else if (value !== null && typeof value === 'object') {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) continue; // e.g. an uploaded File
      for (const [key, item] of Object.entries(value)) pending.push([item, path ? `${path}.${key}` : key]);
    }
  }
  return undefined;
}

/**
 * The one way to make a router. Its validation hook throws `validation_failed`, so schema failures
 * reach `app.ts`'s `onError` and come out in the same envelope as every other error; valid input
 * with a NUL character is refused there too, naming the field. Routers must not define their own
 * `onError` or `notFound`. Matches are remembered per request line (memo-router.ts); only the
 * top-level app's router ever matches, since `app.route` copies a router's routes into its parent.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    router: new MemoRouter(),
    defaultHook: (result) => {
      if (!result.success) {
        throw AppError.validation(fieldErrorsFromZod(result.error), `Request ${result.target} is invalid`);
      }
      const nul = findNulCharacter(result.data);
      if (nul !== undefined) {
        throw AppError.validation(
          Object.fromEntries([[nul, ['invalid_format']]]),
          `Request ${result.target} is invalid`,
        );
      }
    },
  });
}
