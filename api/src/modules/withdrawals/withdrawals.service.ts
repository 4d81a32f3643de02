import type { Earnings, ListWithdrawalsQuery, WithdrawalView } from '@kollab/contract/api/withdrawals';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { Database } from '@kollab/db';
import {
  campaigns,
  claims,
  creatorEarnings,
  paymentMethods,
  type User,
  users,
  type Withdrawal,
  withdrawals,
} from '@kollab/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { decrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { pageOf, type Window } from '../admin/list-query.ts';
import { balanceOf, PLATFORM, post } from '../ledger/ledger.service.ts';
import { notifyWithdrawalPaid } from '../notifications/notifications.service.ts';
import { describeReturn } from '../payouts/reasons.ts';
import { withdrawalMail } from './withdrawals.mails.ts';

export interface WithdrawalDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  secrets: Secrets;
  logger?: Logger;
}

export function toWithdrawalView(row: Withdrawal): WithdrawalView {
  return {
    id: row.id,
    amountOre: row.amountOre,
    paymentMethodType: row.paymentMethodType,
    paymentMethodMasked: row.paymentMethodMasked,
    status: row.status,
    reason: row.reason,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    heldUntil: row.heldUntil?.toISOString() ?? null,
  };
}

export async function getEarnings(db: Database, env: Env, creator: User): Promise<Earnings> {
  const [available, pending, paid, earned, taken] = await Promise.all([
    balanceOf(db, creator.id, 'creator_available'),
    balanceOf(db, creator.id, 'creator_pending'),
    db
      .select({ total: sum(withdrawals.amountOre) })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, creator.id), eq(withdrawals.status, 'paid'))),
    // What was credited: the net (plus moms for F-skatt) of the claim's split (ADR 028).
    db
      .select({
        id: claims.id,
        amountOre: sql<string>`coalesce(${creatorEarnings.netOre} + ${creatorEarnings.vatOre}, ${claims.payoutOre})`,
        acceptedAt: claims.acceptedAt,
        title: campaigns.title,
      })
      .from(claims)
      .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
      .leftJoin(creatorEarnings, eq(creatorEarnings.claimId, claims.id))
      .where(and(eq(claims.creatorId, creator.id), eq(claims.status, 'accepted'), isNotNull(claims.acceptedAt))),
    db.select().from(withdrawals).where(eq(withdrawals.userId, creator.id)),
  ]);
  const entries: Earnings['entries'] = [
    ...earned.map((row) => ({
      id: row.id,
      kind: 'earning' as const,
      description: row.title,
      amountOre: Number(row.amountOre),
      status: 'credited' as const,
      createdAt: (row.acceptedAt ?? new Date(0)).toISOString(),
    })),
    ...taken.map((row) => ({
      id: row.id,
      kind: 'withdrawal' as const,
      description: row.paymentMethodMasked,
      amountOre: -row.amountOre,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    availableOre: available,
    pendingOre: pending,
    paidOutOre: Number(paid[0]?.total ?? 0),
    minimumWithdrawalOre: env.MIN_WITHDRAWAL_SEK * 100,
    entries,
  };
}

export async function listMyWithdrawals(db: Database, creator: User): Promise<WithdrawalView[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, creator.id))
    .orderBy(desc(withdrawals.createdAt));
  return rows.map(toWithdrawalView);
}

/**
 * Moves `amountOre` from the creator's available balance to pending payout and records the
 * request, in the caller's (idempotency) transaction. An erasure's payout of the whole balance
 * (`closing`) is made by the system or an admin for the creator and is not held to the minimum:
 * it is the last one (ADR 022).
 * @throws validation_failed (below_minimum, insufficient_funds, paymentMethodId not_found)
 */
export async function requestWithdrawal(
  tx: Database,
  env: Env,
  creator: User,
  input: { amountOre: number; paymentMethodId: string },
  closing?: { deletionRequestId: string; actor: Actor },
): Promise<Withdrawal> {
  if (!closing && input.amountOre < env.MIN_WITHDRAWAL_SEK * 100) {
    throw AppError.validation(
      { amountOre: ['below_minimum'] },
      `The minimum withdrawal is ${env.MIN_WITHDRAWAL_SEK} SEK`,
    );
  }
  const [method] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.userId, creator.id)));
  if (!method) throw AppError.validation({ paymentMethodId: ['not_found'] }, 'Payment method not found');
  const [row] = await tx
    .insert(withdrawals)
    .values({
      userId: creator.id,
      amountOre: input.amountOre,
      paymentMethodId: method.id,
      paymentMethodType: method.type,
      paymentMethodMasked: method.masked,
      heldUntil: reviewHold(env, method),
      deletionRequestId: closing?.deletionRequestId ?? null,
    })
    .returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  await post(tx, {
    kind: 'withdrawal_requested',
    reference: `withdrawal:${row.id}:requested`,
    entries: [
      { account: 'creator_available', holderId: creator.id, amountOre: -input.amountOre },
      { account: 'creator_pending', holderId: creator.id, amountOre: input.amountOre },
    ],
  });
  await recordAudit(
    tx,
    closing?.actor ?? creator,
    'withdrawal.request',
    { type: 'withdrawal', id: row.id },
    closing
      ? { amountOre: input.amountOre, deletionRequestId: closing.deletionRequestId }
      : { amountOre: input.amountOre },
  );
  return row;
}

/**
 * Until when a withdrawal to `method` waits for review: while a payout method is younger than
 * `PAYOUT_METHOD_HOLD_HOURS`, withdrawals to it (the first one, and any after it, so a small first
 * one cannot clear the way) are not paid before the method is that old. A stolen session's new
 * account would otherwise be paid at once. Null for an older method.
 */
function reviewHold(env: Env, method: { createdAt: Date }, now = new Date()): Date | null {
  const until = new Date(method.createdAt.getTime() + env.PAYOUT_METHOD_HOLD_HOURS * 60 * 60 * 1000);
  return until > now ? until : null;
}

/**
 * Settles a requested withdrawal: paid (money leaves the platform) or rejected (money returns to
 * the available balance). Only one settlement can win, whatever the concurrency.
 * @throws not_found, conflict (already settled)
 */
export async function settleWithdrawal(
  tx: Database,
  admin: User,
  id: string,
  outcome: { status: 'paid'; reference: string } | { status: 'rejected'; reason: string },
): Promise<Withdrawal> {
  const [row] = await tx
    .update(withdrawals)
    .set({
      status: outcome.status,
      settledAt: new Date(),
      settledBy: admin.id,
      ...(outcome.status === 'paid' ? { reference: outcome.reference } : { reason: outcome.reason }),
    })
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, 'requested'),
        // A withdrawal held for review can be rejected at any time, but not paid before its hold ends.
        outcome.status === 'paid'
          ? or(isNull(withdrawals.heldUntil), lte(withdrawals.heldUntil, new Date()))
          : undefined,
        // Bank, IBAN and Swish withdrawals are paid through the payout rails (ADR 029), whose answers settle them.
        outcome.status === 'paid' ? eq(withdrawals.paymentMethodType, 'paypal') : undefined,
      ),
    )
    .returning();
  if (!row) {
    const [existing] = await tx
      .select({ status: withdrawals.status, heldUntil: withdrawals.heldUntil, type: withdrawals.paymentMethodType })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    if (!existing) throw new AppError('not_found', 'Withdrawal not found');
    if (existing.status === 'requested' && existing.heldUntil && existing.heldUntil > new Date()) {
      throw new AppError('conflict', `Withdrawal is held for review until ${existing.heldUntil.toISOString()}`);
    }
    if (existing.status === 'requested' && outcome.status === 'paid' && existing.type !== 'paypal') {
      throw new AppError('conflict', 'Bank, IBAN and Swish withdrawals are paid through a payout batch or Swish', {
        fields: { id: ['paid_through_rails'] },
      });
    }
    throw new AppError('conflict', `Withdrawal is already ${existing.status}`);
  }
  await post(tx, {
    kind: `withdrawal_${outcome.status}`,
    reference: `withdrawal:${id}:${outcome.status}`,
    entries: [
      { account: 'creator_pending', holderId: row.userId, amountOre: -row.amountOre },
      outcome.status === 'paid'
        ? { account: 'platform_cash', holderId: PLATFORM, amountOre: row.amountOre }
        : { account: 'creator_available', holderId: row.userId, amountOre: row.amountOre },
    ],
  });
  await recordAudit(tx, admin, `withdrawal.${outcome.status}`, { type: 'withdrawal', id }, outcome);
  if (outcome.status === 'paid') await notifyWithdrawalPaid(tx, row);
  return row;
}

/** Settles a withdrawal at most once per Idempotency-Key, mailing the creator after the first success. */
export function settleOnce(
  deps: WithdrawalDeps,
  admin: User,
  key: string,
  id: string,
  outcome: { status: 'paid'; reference: string } | { status: 'rejected'; reason: string },
) {
  return withIdempotency(deps.db, { userId: admin.id, key, request: { id, ...outcome } }, async (tx) => {
    const row = await settleWithdrawal(tx, admin, id, outcome);
    return { status: 200 as const, body: { data: toWithdrawalView(row) }, after: () => mailWithdrawal(deps, row) };
  });
}

/** Mails the creator about their withdrawal, in their language; the money has moved, so failures are only logged. */
export async function mailWithdrawal(deps: WithdrawalDeps, row: Withdrawal): Promise<void> {
  try {
    await sendWithdrawalMail(deps, row);
  } catch (error) {
    deps.logger?.error({ err: error, withdrawalId: row.id }, 'withdrawal mail not sent');
  }
}

async function sendWithdrawalMail(deps: WithdrawalDeps, row: Withdrawal): Promise<void> {
  const [creator] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!creator) return;
  await deps.mailer.send(
    withdrawalMail(row.status, creator, {
      amountOre: row.amountOre,
      method: row.paymentMethodMasked,
      reference: row.reference,
      reason: row.status === 'returned' ? describeReturn(row.reason, creator.locale) : row.reason,
      heldUntil: row.status === 'requested' ? row.heldUntil : null,
      link: `${deps.env.PUBLIC_URL}/app/earnings`,
    }),
  );
}

const WITHDRAWAL_SORT = { createdAt: withdrawals.createdAt, amountOre: withdrawals.amountOre } as const;

/**
 * Admin: the payouts queue, by keyset pages over a `(column, id)` index that carries the status
 * (migration 0040, ADR 036): by cursor past the first 10,000 rows, the total estimated past 10,000.
 */
export async function listWithdrawals(db: Database, query: ListWithdrawalsQuery, window: Window) {
  const where = query.status ? eq(withdrawals.status, query.status) : undefined;
  const sort = sortWithTiesInOrder(query, WITHDRAWAL_SORT[query.sort], withdrawals.id);
  const ids = (after?: SQL) => db.select({ id: withdrawals.id }).from(withdrawals).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({ withdrawal: withdrawals, user: users, sortKey: page.sortKey })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(inArray(withdrawals.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  return {
    data: rows.map(({ withdrawal, user }) => ({
      ...toWithdrawalView(withdrawal),
      creator: { id: user.id, name: user.fullName, email: user.email },
    })),
    ...total,
    nextCursor: page.nextCursor(rows.map(({ withdrawal, sortKey }) => ({ id: withdrawal.id, sortKey }))),
  };
}

/**
 * The selected requested withdrawals as a CSV bank batch, with the decrypted payment details; those
 * still held for review are left out.
 */
export async function exportWithdrawalsCsv(
  db: Database,
  secrets: Secrets,
  admin: User,
  ids: string[],
): Promise<string> {
  const rows = await db
    .select({ withdrawal: withdrawals, user: users, method: paymentMethods })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, withdrawals.paymentMethodId))
    .where(
      and(
        inArray(withdrawals.id, ids),
        eq(withdrawals.status, 'requested'),
        or(isNull(withdrawals.heldUntil), lte(withdrawals.heldUntil, new Date())),
      ),
    )
    .orderBy(asc(withdrawals.createdAt));
  type Row = (typeof rows)[number];
  // Swish numbers go out as digits (46701234567): a leading '+' would be defused as a formula.
  const details = ({ method }: Row) =>
    method
      ? Object.values(JSON.parse(decrypt(secrets.encryptionKey, method.detailsEncrypted)) as Record<string, string>)
          .map((value) => (method.type === 'swish' ? value.replace(/^\+/, '') : value))
          .join(' ')
      : '';
  const columns: CsvColumn<Row>[] = [
    ['withdrawal_id', (row) => row.withdrawal.id],
    ['creator', (row) => row.user.fullName],
    ['email', (row) => row.user.email],
    ['amount_sek', (row) => (row.withdrawal.amountOre / 100).toFixed(2)],
    ['method', (row) => row.withdrawal.paymentMethodType],
    ['details', details],
    ['requested_at', (row) => row.withdrawal.createdAt.toISOString()],
  ];
  await recordAudit(
    db,
    admin,
    'withdrawal.export',
    { type: 'withdrawal', id: ids.join(',').slice(0, 500) },
    { count: rows.length },
  );
  return toCsv(columns, rows);
}
