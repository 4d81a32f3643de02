import { createHash } from 'node:crypto';
import type { Database } from '@kollab/db';
import { idempotencyKeys } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { AppError } from './errors.ts';

export interface IdempotentResult<T> {
  status: 200 | 201;
  body: T;
  /** Side effects (e-mails) to run once, after the first successful commit only. */
  after?: () => Promise<void>;
}

/**
 * How long a request's stored answer is kept: a day, as Stripe keeps its keys
 * (https://docs.stripe.com/idempotency: removed once at least 24 hours old). A client retries a lost
 * answer within seconds or minutes (the portal keeps a key only while its form is open); the
 * credential purge (ADR 021) deletes older keys. Sent again after that, the key is unknown and the
 * request is a new one: checked against the balance and the withdrawal's state as any other (an
 * admin's second "paid" for one withdrawal is refused; a withdrawal is made again only if the
 * balance still holds it), which is what Stripe documents too.
 */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * The caller's `Idempotency-Key` header (1–200 visible characters).
 * @throws bad_request when it is missing or malformed
 */
export function requireIdempotencyKey(c: Context): string {
  const key = c.req.header('Idempotency-Key')?.trim();
  if (!key || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError('bad_request', 'An Idempotency-Key header (1–200 visible characters) is required');
  }
  return key;
}

/**
 * Runs a money-moving operation at most once per (user, key). The key row is inserted in the
 * operation's own transaction: a concurrent request with the same key waits for the first to
 * commit and then gets its stored answer; a failed operation leaves no key, so it can be retried.
 * @throws validation_failed when the key was used with a different request body
 */
export async function withIdempotency<T>(
  db: Database,
  scope: { userId: string; key: string; request: unknown },
  run: (tx: Database) => Promise<IdempotentResult<T>>,
): Promise<{ status: 200 | 201; body: T; replayed: boolean }> {
  const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest('hex');
  const outcome = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!fresh) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
      if (!stored || stored.requestHash !== requestHash) {
        throw AppError.validation(
          { 'Idempotency-Key': ['reused_with_different_request'] },
          'This Idempotency-Key was used for a different request',
        );
      }
      return { status: stored.responseStatus as 200 | 201, body: stored.responseBody as T, replayed: true };
    }
    const result = await run(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: result.status, responseBody: result.body as object })
      .where(and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key)));
    return { ...result, replayed: false };
  });
  if (!outcome.replayed && 'after' in outcome && outcome.after) await outcome.after();
  return { status: outcome.status, body: outcome.body, replayed: outcome.replayed };
}
