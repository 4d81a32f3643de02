import type { Billing, ListEscrowQuery, ListPaymentsQuery, PaymentView } from '@kollab/contract/api/payments';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { Database } from '@kollab/db';
import {
  balances,
  brandProfiles,
  campaignFunding,
  campaigns,
  ledgerEntries,
  type Payment,
  paymentRefunds,
  payments,
  postings,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import { pageOf, type Window } from '../admin/list-query.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { availableCredit } from './payments.service.ts';

export function toPaymentView(
  payment: Payment,
  campaignTitle: string,
  nextActionUrl: string | null = null,
): PaymentView {
  return {
    id: payment.id,
    campaignId: payment.campaignId,
    campaignTitle,
    purpose: payment.purpose,
    method: payment.method,
    status: payment.status,
    slots: payment.slots,
    creatorBudgetOre: payment.creatorBudgetOre,
    feeOre: payment.feeOre,
    vatOre: payment.vatOre,
    creditAppliedOre: payment.creditAppliedOre,
    amountOre: payment.amountOre,
    receivedOre: payment.receivedOre,
    failureCode: payment.failureCode,
    nextActionUrl,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

export async function paymentView(db: Database, payment: Payment, nextActionUrl: string | null = null) {
  const [campaign] = await db
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, payment.campaignId));
  return toPaymentView(payment, campaign?.title ?? '', nextActionUrl);
}

/** The brand's billing page: credit, payments newest first, refunds. */
export async function getBilling(db: Database, brand: User): Promise<Billing> {
  const [rows, refunds, creditOre, availableCreditOre] = await Promise.all([
    db
      .select({ payment: payments, title: campaigns.title })
      .from(payments)
      .innerJoin(campaigns, eq(campaigns.id, payments.campaignId))
      .where(eq(payments.brandId, brand.id))
      .orderBy(desc(payments.createdAt), asc(payments.id)),
    db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.brandId, brand.id))
      .orderBy(desc(paymentRefunds.createdAt)),
    balanceOf(db, brand.id, 'brand_credit'),
    availableCredit(db, brand.id),
  ]);
  return {
    creditOre,
    availableCreditOre,
    payments: rows.map((row) => toPaymentView(row.payment, row.title)),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      paymentId: refund.paymentId,
      amountOre: refund.amountOre,
      status: refund.status,
      failureCode: refund.failureCode,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}

const PAYMENT_SORT = { createdAt: payments.createdAt, amountOre: payments.amountOre } as const;

/**
 * Admin: every brand payment, a page of ids walked in the order of a `(column, id)` index (the
 * filters checked in it, migration 0040), then those rows read whole; by cursor past the first
 * 10,000 rows, the total counted up to 10,000 and estimated past that (ADR 036).
 */
export async function listPayments(db: Database, query: ListPaymentsQuery, window: Window) {
  const where = and(
    query.status ? eq(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
  );
  const sort = sortWithTiesInOrder(query, PAYMENT_SORT[query.sort], payments.id);
  const ids = (after?: SQL) => db.select({ id: payments.id }).from(payments).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({ payment: payments, title: campaigns.title, user: users, sortKey: page.sortKey })
      .from(payments)
      .innerJoin(campaigns, eq(campaigns.id, payments.campaignId))
      .innerJoin(users, eq(users.id, payments.brandId))
      .where(inArray(payments.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  return {
    data: rows.map(({ payment, title, user }) => ({
      ...toPaymentView(payment, title),
      brand: { id: user.id, name: user.fullName, email: user.email },
    })),
    ...total,
    nextCursor: page.nextCursor(rows.map(({ payment, sortKey }) => ({ id: payment.id, sortKey }))),
  };
}

/** Sum of one campaign's entries of a posting kind on an account, as a positive amount. */
const moved = (kind: string, account: string) =>
  sql<string>`(select coalesce(sum(${ledgerEntries.amountOre}), 0) from ${ledgerEntries}
    join ${postings} on ${postings.id} = ${ledgerEntries.postingId}
    where ${postings.kind} = ${kind} and ${ledgerEntries.holderId} = ${campaigns.id}
    and ${ledgerEntries.account} = ${account})`;

const held = (account: 'campaign_escrow' | 'campaign_reserved') =>
  sql<string>`(select coalesce(max(${balances.amountOre}), 0) from ${balances}
    where ${balances.holderId} = ${campaigns.id} and ${balances.account} = ${account})`;

/**
 * Escrow per funded campaign, from the ledger: paid in, paid to creators, returned, held. The page's
 * campaigns walk the `(funded_at, campaign_id)` index (ADR 036, as `listPayments`); the ledger's
 * sums are read for those rows only.
 */
export async function listEscrow(db: Database, query: ListEscrowQuery, window: Window) {
  const where =
    query.open === 'yes'
      ? isNull(campaignFunding.closedAt)
      : query.open === 'no'
        ? isNotNull(campaignFunding.closedAt)
        : undefined;
  const sort = sortWithTiesInOrder(query, campaignFunding.fundedAt, campaignFunding.campaignId);
  const ids = (after?: SQL) =>
    db.select({ id: campaignFunding.campaignId }).from(campaignFunding).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({
        funding: campaignFunding,
        title: campaigns.title,
        brandName: sql<string>`coalesce(${brandProfiles.companyName}, ${users.fullName})`,
        paidIn: moved('campaign_funded', 'campaign_escrow'),
        paidOut: moved('claim_accepted', 'campaign_reserved'),
        returnedEscrow: moved('escrow_returned', 'campaign_escrow'),
        releasedToBrand: sql<string>`(select coalesce(sum(e.amount_ore), 0) from ${ledgerEntries} e
          join ${postings} p on p.id = e.posting_id
          where p.kind = 'claim_released' and e.account = 'brand_credit'
          and p.reference in (select 'claim:' || c.id || ':released' from claims c where c.campaign_id = ${campaigns.id}))`,
        escrow: held('campaign_escrow'),
        reserved: held('campaign_reserved'),
        sortKey: page.sortKey,
      })
      .from(campaignFunding)
      .innerJoin(campaigns, eq(campaigns.id, campaignFunding.campaignId))
      .innerJoin(users, eq(users.id, campaigns.brandId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
      .where(inArray(campaignFunding.campaignId, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  return {
    data: rows.map((row) => ({
      campaignId: row.funding.campaignId,
      campaignTitle: row.title,
      brandName: row.brandName,
      fundedAt: row.funding.fundedAt.toISOString(),
      closedAt: row.funding.closedAt?.toISOString() ?? null,
      paidInOre: Number(row.paidIn),
      paidToCreatorsOre: -Number(row.paidOut),
      returnedOre: -Number(row.returnedEscrow) + Number(row.releasedToBrand),
      escrowOre: Number(row.escrow),
      reservedOre: Number(row.reserved),
    })),
    ...total,
    nextCursor: page.nextCursor(rows.map((row) => ({ id: row.funding.campaignId, sortKey: row.sortKey }))),
  };
}
