import type { Database } from '@kollab/db';
import {
  brandProfiles,
  type PaymentRefund,
  paymentReceipts,
  paymentRefunds,
  payments,
  payouts,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { parseSwedishBankAccount } from '../../lib/bank-account.ts';
import { encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { parseBic, parseIban } from '../../lib/iban.ts';
import { isValidOcr } from '../../lib/ocr.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { availableCredit } from '../payments/payments.service.ts';
import { allocateRefunds } from '../payments/refunds.service.ts';
import type { CreditorAccount } from './pain001.ts';

export type BankRefundAccount =
  | { type: 'bank_account'; clearingNumber: string; accountNumber: string }
  | { type: 'bankgiro'; number: string }
  | { type: 'iban'; iban: string; bic: string };

/** The brand's account for the refund, checked; the field that is wrong otherwise. */
function creditorOf(input: BankRefundAccount): CreditorAccount {
  if (input.type === 'bank_account') {
    const parsed = parseSwedishBankAccount(input.clearingNumber, input.accountNumber);
    if (!parsed.ok) {
      const field = parsed.error === 'invalid_clearing_number' ? 'clearingNumber' : 'accountNumber';
      throw AppError.validation({ [field]: [parsed.error] });
    }
    return {
      kind: 'bban',
      clearingNumber: parsed.value.clearingNumber.slice(0, 4),
      accountNumber: parsed.value.accountNumber,
    };
  }
  if (input.type === 'bankgiro') {
    const number = input.number.replace(/[\s-]/g, '');
    if (!/^\d{7,8}$/.test(number) || !isValidOcr(number)) throw AppError.validation({ number: ['invalid_bankgiro'] });
    return { kind: 'bankgiro', number };
  }
  const iban = parseIban(input.iban);
  const bic = parseBic(input.bic);
  if (!iban.ok || !bic.ok) {
    throw AppError.validation({ ...(iban.ok ? {} : { iban: [iban.error] }), ...(bic.ok ? {} : { bic: [bic.error] }) });
  }
  return { kind: 'iban', iban: iban.value.iban, bic: bic.value };
}

/**
 * Refunds a brand's credit that came from invoice payments to the bank account or Bankgiro it
 * gives (issue 16's last item, ADR 029): refund rows against its invoice payments, newest first,
 * each no more than that payment received by bank less what was refunded from it. The credit is
 * taken in the same transaction (as for card refunds), so two requests never refund it twice; the
 * refund goes into the next payout batch, and the bank's answer settles it or gives the credit back.
 * @throws validation_failed (account fields; amountOre: more_than_credit | more_than_invoice_credit)
 */
export async function requestBankRefund(
  tx: Database,
  secrets: Secrets,
  brand: User,
  input: { amountOre: number; account: BankRefundAccount },
): Promise<PaymentRefund[]> {
  const account = creditorOf(input.account);
  if (input.amountOre > (await availableCredit(tx, brand.id))) {
    throw AppError.validation({ amountOre: ['more_than_credit'] }, 'More than the credit you have');
  }
  const [profile] = await tx
    .select({ name: brandProfiles.companyName })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, brand.id));
  const creditorEncrypted = encrypt(
    secrets.encryptionKey,
    JSON.stringify({ creditorName: profile?.name ?? brand.fullName, account }),
  );
  // The outer payment is named in full: drizzle writes a single table's columns unqualified.
  const invoices = await tx
    .select({
      id: payments.id,
      received: sql<string>`(select coalesce(sum(${paymentReceipts.amountOre}), 0) from ${paymentReceipts}
        where ${paymentReceipts.paymentId} = "payments"."id" and ${paymentReceipts.source} <> 'card')`,
      refunded: sql<string>`(select coalesce(sum(${paymentRefunds.amountOre}), 0) from ${paymentRefunds}
        where ${paymentRefunds.paymentId} = "payments"."id" and ${paymentRefunds.status} in ('pending', 'succeeded'))`,
    })
    .from(payments)
    .where(and(eq(payments.brandId, brand.id), eq(payments.method, 'invoice')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .for('update');
  const { rows, left } = await allocateRefunds(tx, brand, input.amountOre, invoices, {
    method: 'bank',
    creditorEncrypted,
  });
  if (left > 0) {
    throw AppError.validation(
      { amountOre: ['more_than_invoice_credit'] },
      'Only credit that came from invoice payments can be refunded to a bank account',
    );
  }
  await recordAudit(tx, brand, 'credit.refund_bank', { type: 'user', id: brand.id }, { amountOre: input.amountOre });
  return rows;
}

/** Bank refunds of brand credit not yet in a payout batch, oldest first (for the admin to batch). */
export async function listUnbatchedBankRefunds(db: Database) {
  const rows = await db
    .select({ refund: paymentRefunds, brand: users, company: brandProfiles.companyName })
    .from(paymentRefunds)
    .innerJoin(users, eq(users.id, paymentRefunds.brandId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, paymentRefunds.brandId))
    .leftJoin(payouts, eq(payouts.refundId, paymentRefunds.id))
    .where(and(eq(paymentRefunds.method, 'bank'), eq(paymentRefunds.status, 'pending'), isNull(payouts.id)))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
    .limit(500);
  return rows.map(({ refund, brand, company }) => ({
    id: refund.id,
    amountOre: refund.amountOre,
    createdAt: refund.createdAt.toISOString(),
    brand: { id: brand.id, name: company ?? brand.fullName, email: brand.email },
  }));
}

/** A brand's bank refunds, for its billing page: status and, once sent, the payout's reference. */
export async function listMyBankRefunds(db: Database, brand: User) {
  const rows = await db
    .select({ refund: paymentRefunds, payout: payouts })
    .from(paymentRefunds)
    .leftJoin(payouts, eq(payouts.refundId, paymentRefunds.id))
    .where(and(eq(paymentRefunds.brandId, brand.id), eq(paymentRefunds.method, 'bank')))
    .orderBy(desc(paymentRefunds.createdAt));
  return rows.map(({ refund, payout }) => ({
    id: refund.id,
    amountOre: refund.amountOre,
    status: refund.status,
    reference: payout?.endToEndId ?? null,
    returnReason: payout?.returnReason ?? null,
    createdAt: refund.createdAt.toISOString(),
  }));
}
