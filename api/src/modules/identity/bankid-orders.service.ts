/**
 * BankID orders for a signed-in user: start (auth or sign), look (collect, and the QR code for this
 * second), cancel. What a completed order means is the purpose's business (`CompletionHandlers`):
 * identification verifies the account, signing records a claim's agreement. A handler that refuses
 * (e.g. under 18) leaves the order failed with its reason and changes nothing else.
 */
import type { BankIdOrderView, IdentityRefusal } from '@kollab/contract/api/identity';
import { bankIdAutostartLink } from '@kollab/contract/bankid';
import type { Database } from '@kollab/db';
import { type BankIdOrder, bankIdOrders, type User } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { BankId } from '../../integrations/bankid/configure.ts';
import {
  type BankIdCollectAnswer,
  type BankIdCompletionData,
  BankIdError,
  bankIdQrContent,
  secondsSince,
} from '../../integrations/bankid/index.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { stepOrder } from './bankid-order.state.ts';

export interface BankIdDeps {
  db: Database;
  secrets: Secrets;
  bankId: BankId | undefined;
  logger: Logger;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Applies a completed order inside the transaction that marks it complete; a refusal changes nothing. */
export type CompletionHandler = (
  tx: Tx,
  order: BankIdOrder,
  completion: BankIdCompletionData,
  now: Date,
) => Promise<IdentityRefusal | null>;
export type CompletionHandlers = Record<BankIdOrder['purpose'], CompletionHandler>;

/** BankID's errors as the API's: alreadyInProgress is RFA4; everything else is "something went wrong" (RFA5). */
export function bankIdAppError(error: unknown, logger: Logger): AppError {
  if (error instanceof BankIdError && error.errorCode === 'alreadyInProgress') {
    return new AppError('bankid_already_in_progress', 'BankID: an order is already in progress for this person');
  }
  if (error instanceof BankIdError) {
    logger.warn({ errorCode: error.errorCode, httpStatus: error.httpStatus }, 'BankID call failed');
    return new AppError('bankid_unavailable', `BankID is unavailable (${error.errorCode})`);
  }
  throw error;
}

function requireBankId(deps: BankIdDeps): BankId {
  if (!deps.bankId) throw new AppError('bankid_unavailable', 'BankID is not configured');
  return deps.bankId;
}

export async function startBankIdOrder(
  deps: BankIdDeps,
  user: User,
  input: {
    purpose: BankIdOrder['purpose'];
    endUserIp: string;
    personalNumber?: string;
    userVisibleData?: string;
    claimId?: string;
  },
): Promise<BankIdOrder> {
  const { client } = requireBankId(deps);
  const request = {
    endUserIp: input.endUserIp,
    ...(input.personalNumber ? { personalNumber: input.personalNumber } : {}),
  };
  let started: Awaited<ReturnType<typeof client.auth>>;
  try {
    started =
      input.userVisibleData === undefined
        ? await client.auth(request)
        : await client.sign({ ...request, userVisibleData: input.userVisibleData });
  } catch (error) {
    throw bankIdAppError(error, deps.logger);
  }
  const [row] = await deps.db
    .insert(bankIdOrders)
    .values({
      userId: user.id,
      purpose: input.purpose,
      claimId: input.claimId ?? null,
      orderRef: started.orderRef,
      autoStartToken: started.autoStartToken,
      qrStartToken: started.qrStartToken,
      qrStartSecretEncrypted: encrypt(deps.secrets.encryptionKey, started.qrStartSecret),
      userVisibleData: input.userVisibleData ?? null,
      hintCode: 'outstandingTransaction',
    })
    .returning();
  if (!row) throw new Error('order not stored');
  return row;
}

async function getOwnOrder(db: Database, user: User, id: string): Promise<BankIdOrder> {
  const [row] = await db
    .select()
    .from(bankIdOrders)
    .where(and(eq(bankIdOrders.id, id), eq(bankIdOrders.userId, user.id)));
  if (!row) throw new AppError('not_found', 'No such BankID order');
  return row;
}

/** Collects a pending order once and stores what changed; a finished order is answered from the database. */
export async function collectBankIdOrder(
  deps: BankIdDeps,
  handlers: CompletionHandlers,
  user: User,
  id: string,
  now: Date = new Date(),
): Promise<BankIdOrder> {
  const order = await getOwnOrder(deps.db, user, id);
  if (order.status !== 'pending') return order;
  const { client } = requireBankId(deps);
  let answer: BankIdCollectAnswer | { status: 'gone' };
  try {
    answer = await client.collect(order.orderRef);
  } catch (error) {
    if (error instanceof BankIdError && error.errorCode === 'invalidParameters') answer = { status: 'gone' };
    else throw bankIdAppError(error, deps.logger);
  }
  const step = stepOrder(order, answer);
  if (step.kind === 'unchanged') return order;
  const pendingOnly = and(eq(bankIdOrders.id, order.id), eq(bankIdOrders.status, 'pending'));
  if (step.kind === 'pending') {
    await deps.db.update(bankIdOrders).set({ hintCode: step.hintCode }).where(pendingOnly);
  } else if (step.kind === 'failed') {
    await deps.db
      .update(bankIdOrders)
      .set({ status: 'failed', hintCode: step.hintCode, finishedAt: now })
      .where(pendingOnly);
  } else {
    await deps.db.transaction(async (tx) => {
      // Whoever marks the order complete applies it; a concurrent look finds it finished.
      const [won] = await tx
        .update(bankIdOrders)
        .set({ status: 'complete', hintCode: null, finishedAt: now })
        .where(pendingOnly)
        .returning();
      if (!won) return;
      const refusal = await handlers[order.purpose](tx, won, step.completionData, now);
      if (refusal)
        await tx.update(bankIdOrders).set({ status: 'failed', refusal }).where(eq(bankIdOrders.id, order.id));
    });
  }
  return getOwnOrder(deps.db, user, id);
}

/** The user gave up: BankID cancels the order (best effort) and it ends as `cancelled`. */
export async function cancelBankIdOrder(
  deps: BankIdDeps,
  user: User,
  id: string,
  now = new Date(),
): Promise<BankIdOrder> {
  const order = await getOwnOrder(deps.db, user, id);
  if (order.status !== 'pending') return order;
  try {
    await requireBankId(deps).client.cancel(order.orderRef);
  } catch (error) {
    deps.logger.warn({ err: error }, 'BankID cancel failed; the order ends here anyway');
  }
  await deps.db
    .update(bankIdOrders)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(bankIdOrders.id, order.id), eq(bankIdOrders.status, 'pending')));
  return getOwnOrder(deps.db, user, id);
}

/** The order as the portal sees it; a pending one carries this second's QR code and the autostart link. */
export function toBankIdOrderView(deps: BankIdDeps, order: BankIdOrder, now: Date = new Date()): BankIdOrderView {
  const pending = order.status === 'pending';
  const secret = pending ? decrypt(deps.secrets.encryptionKey, order.qrStartSecretEncrypted) : '';
  return {
    id: order.id,
    purpose: order.purpose,
    status: order.status,
    hintCode: order.hintCode,
    refusal: (order.refusal as IdentityRefusal | null) ?? null,
    qrData: pending ? bankIdQrContent(order.qrStartToken, secret, secondsSince(order.startedAt, now)) : null,
    autostartUrl: pending && deps.bankId ? bankIdAutostartLink(order.autoStartToken, deps.bankId.appUrl) : null,
  };
}
