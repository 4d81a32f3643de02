import type { Billing, ListEscrowQuery, ListPaymentsQuery, PaymentView } from '@kollab/contract/api/payments';
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
import { and, asc, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
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

export async function listPayments(db: Database, query: ListPaymentsQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(payments.status, query.status));
  if (query.method) filters.push(eq(payments.method, query.method));
  const where = filters.length ? and(...filters) : undefined;
  const column = query.sort === 'amountOre' ? payments.amountOre : payments.createdAt;
  const [rows, totals] = await Promise.all([
    db
      .select({ payment: payments, title: campaigns.title, user: users })
      .from(payments)
      .innerJoin(campaigns, eq(campaigns.id, payments.campaignId))
      .innerJoin(users, eq(users.id, payments.brandId))
      .where(where)
      .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(payments.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    data: rows.map(({ payment, title, user }) => ({
      ...toPaymentView(payment, title),
      brand: { id: user.id, name: user.fullName, email: user.email },
    })),
    total: totals[0]?.total ?? 0,
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

/** Escrow per funded campaign, from the ledger: paid in, paid to creators, returned, held. */
export async function listEscrow(db: Database, query: ListEscrowQuery) {
  const where =
    query.open === 'yes'
      ? isNull(campaignFunding.closedAt)
      : query.open === 'no'
        ? isNotNull(campaignFunding.closedAt)
        : undefined;
  const [rows, totals] = await Promise.all([
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
      })
      .from(campaignFunding)
      .innerJoin(campaigns, eq(campaigns.id, campaignFunding.campaignId))
      .innerJoin(users, eq(users.id, campaigns.brandId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
      .where(where)
      .orderBy(
        query.order === 'asc' ? asc(campaignFunding.fundedAt) : desc(campaignFunding.fundedAt),
        asc(campaigns.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(campaignFunding).where(where),
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
    total: totals[0]?.total ?? 0,
  };
}
