import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@kollab/db';
import { paymentMethods, payouts, type User, users, type Withdrawal, withdrawals } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import type { Swish } from '../../integrations/swish/configure.ts';
import { SwishError } from '../../integrations/swish/errors.ts';
import { decrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { parseSwishNumber } from '../../lib/phone.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { mailWithdrawal, toWithdrawalView } from '../withdrawals/withdrawals.service.ts';
import { markSent, settlePayout } from './settle.ts';

export interface SwishDeps {
  db: Database;
  env: Env;
  secrets: Secrets;
  mailer: Mailer;
  logger?: Logger;
  swish: Swish | undefined;
}

/** Why a Swish payout cannot be made to this withdrawal's payee (also listed for the admin). */
export type SwishProblem = 'no_personal_number' | 'invalid_swish_number';

/** The payee's Swish number (46…, no '+') and personal number (YYYYMMDDNNNN) from the account, or the problem. */
export function swishPayee(
  encryptionKey: Buffer,
  user: Pick<User, 'personalNumberEncrypted'>,
  method: Pick<typeof paymentMethods.$inferSelect, 'type' | 'detailsEncrypted'> | null,
): { ok: true; alias: string; ssn: string } | { ok: false; problem: SwishProblem } {
  if (!user.personalNumberEncrypted) return { ok: false, problem: 'no_personal_number' };
  const ssn = decrypt(encryptionKey, user.personalNumberEncrypted).replace(/\D/g, '');
  if (!/^\d{12}$/.test(ssn)) return { ok: false, problem: 'no_personal_number' };
  if (method?.type !== 'swish') return { ok: false, problem: 'invalid_swish_number' };
  const details = JSON.parse(decrypt(encryptionKey, method.detailsEncrypted)) as { number?: string };
  const number = parseSwishNumber(details.number ?? '');
  if (!number.ok) return { ok: false, problem: 'invalid_swish_number' };
  return { ok: true, alias: number.value.number.slice(1), ssn };
}

/** The callback URL's token: only Swish, told it for this payout, can name the payout in a callback. */
export function callbackToken(secrets: Secrets, instructionId: string): string {
  return createHmac('sha256', secrets.sessionSecret).update(`swish-payout:${instructionId}`).digest('base64url');
}

function tokenMatches(secrets: Secrets, instructionId: string, token: string): boolean {
  const expected = Buffer.from(callbackToken(secrets, instructionId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Sends a requested Swish withdrawal through the Swish Payouts API, at most once per
 * Idempotency-Key and once per withdrawal (marked sent in the key's transaction; the payout's
 * instruction id is fixed there). The payee's personal number is the one verified on the account:
 * without it nothing is sent. A payout Swish refuses outright goes back to the creator's balance;
 * one whose answer is lost stays sent until the callback or a status check settles it.
 * @throws service_unavailable (Swish not configured), not_found, validation_failed (no_personal_number,
 * invalid_swish_number, not_swish), conflict (not requested, or held for review)
 */
export async function sendSwishPayout(deps: SwishDeps, admin: User, key: string, withdrawalId: string) {
  const swish = deps.swish;
  if (!swish) throw new AppError('service_unavailable', 'Swish payouts are not configured');
  const [row] = await deps.db
    .select({ withdrawal: withdrawals, user: users, method: paymentMethods })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, withdrawals.paymentMethodId))
    .where(eq(withdrawals.id, withdrawalId));
  if (!row) throw new AppError('not_found', 'Withdrawal not found');
  if (row.withdrawal.paymentMethodType !== 'swish') {
    throw AppError.validation({ withdrawalId: ['not_swish'] }, 'This withdrawal is not to a Swish number');
  }
  const payee = swishPayee(deps.secrets.encryptionKey, row.user, row.method);
  if (!payee.ok) {
    throw AppError.validation(
      { withdrawalId: [payee.problem] },
      payee.problem === 'no_personal_number'
        ? 'The creator has no verified personal number: Swish payouts need it'
        : 'The Swish number on the withdrawal cannot be used',
    );
  }
  return withIdempotency(deps.db, { userId: admin.id, key, request: { swish: withdrawalId } }, async (tx) => {
    const instructionId = randomBytes(16).toString('hex').toUpperCase();
    const marked = await markSent(tx, withdrawalId, { rail: 'swish', instructionId });
    if (!marked) {
      const held = row.withdrawal.heldUntil && row.withdrawal.heldUntil > new Date();
      throw new AppError(
        'conflict',
        held
          ? 'Withdrawal is held for review'
          : `Withdrawal is already ${row.withdrawal.status === 'requested' ? 'sent' : row.withdrawal.status}`,
      );
    }
    const { withdrawal, payout } = marked;
    return {
      status: 200 as const,
      body: { data: toWithdrawalView(withdrawal) },
      after: async () => {
        try {
          await swish.client.createPayout({
            payoutInstructionUUID: instructionId,
            payerPaymentReference: payout.endToEndId,
            payeeAlias: payee.alias,
            payeeSSN: payee.ssn,
            amountOre: withdrawal.amountOre,
            message: 'Kollab utbetalning',
            callbackUrl: `${deps.env.PUBLIC_URL}/api/payouts/swish/callback/${callbackToken(deps.secrets, instructionId)}`,
          });
          await mailWithdrawal(deps, withdrawal);
        } catch (error) {
          deps.logger?.error({ err: error, withdrawalId }, 'Swish payout not accepted');
          if (error instanceof SwishError && error.definite) {
            await settleFromSwish(deps, payout.endToEndId, { status: 'returned', reason: error.errorCode });
          }
        }
      },
    };
  });
}

async function settleFromSwish(
  deps: SwishDeps,
  endToEndId: string,
  outcome: { status: 'paid'; reference: string | null } | { status: 'returned'; reason: string | null },
): Promise<Withdrawal | null> {
  const settled = await deps.db.transaction((tx) => settlePayout(tx, 'system', endToEndId, outcome));
  const changed = settled?.withdrawal ?? null;
  if (changed) await mailWithdrawal(deps, changed);
  return changed;
}

/**
 * Reads the payout's state from Swish and settles it: PAID is paid, ERROR (or a payout Swish does
 * not know) is returned to the creator's balance; anything else changes nothing. The answer
 * comes from Swish itself, never from a callback's body, so a forged callback moves nothing, and
 * a repeated one finds the payout already settled.
 */
export async function refreshSwishPayout(
  deps: SwishDeps,
  which: { instructionId: string } | { payoutId: string },
): Promise<Withdrawal | null> {
  if (!deps.swish) throw new AppError('service_unavailable', 'Swish payouts are not configured');
  const [payout] = await deps.db
    .select()
    .from(payouts)
    .where('payoutId' in which ? eq(payouts.id, which.payoutId) : eq(payouts.instructionId, which.instructionId));
  if (!payout?.instructionId) throw new AppError('not_found', 'No such Swish payout');
  const instructionId = payout.instructionId;
  if (payout.status !== 'sent') return null;
  let answer: Awaited<ReturnType<Swish['client']['getPayout']>>;
  try {
    answer = await deps.swish.client.getPayout(instructionId);
  } catch (error) {
    if (error instanceof SwishError && error.httpStatus === 404) {
      return settleFromSwish(deps, payout.endToEndId, { status: 'returned', reason: 'NOT_FOUND' });
    }
    throw new AppError('service_unavailable', 'Swish cannot be reached: try again later');
  }
  if (
    Math.round(Number(answer.amount) * 100) !== payout.amountOre ||
    answer.payerPaymentReference !== payout.endToEndId
  ) {
    deps.logger?.error({ instructionId }, 'Swish payout does not match what was sent');
    return null;
  }
  if (answer.status === 'PAID') {
    return settleFromSwish(deps, payout.endToEndId, { status: 'paid', reference: answer.paymentReference ?? null });
  }
  if (answer.status === 'ERROR') {
    return settleFromSwish(deps, payout.endToEndId, { status: 'returned', reason: answer.errorCode ?? 'ERROR' });
  }
  return null;
}

/**
 * Swish's callback for a payout: the URL's token must be the one made for the instruction the
 * body names, else it is refused (404) and nothing moves.
 */
export async function handleSwishCallback(
  deps: SwishDeps,
  token: string,
  body: { payoutInstructionUUID: string },
): Promise<void> {
  if (!tokenMatches(deps.secrets, body.payoutInstructionUUID, token)) {
    throw new AppError('not_found', 'No such Swish payout');
  }
  await refreshSwishPayout(deps, { instructionId: body.payoutInstructionUUID });
}
