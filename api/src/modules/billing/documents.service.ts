import type { BillingDocumentView } from '@kollab/contract/api/billing';
import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import {
  type BillingDocument,
  type BillingLine,
  billingAddresses,
  billingDocuments,
  brandProfiles,
  campaigns,
  users,
} from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import { generateOcr } from '../../lib/ocr.ts';
import { SERIES, takeNumber } from './numbering.ts';

export type DocumentKind = BillingDocument['kind'];

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The OCR reference of invoice number `number`: "1" + six digits, length digit, check digit. */
export function invoiceOcr(number: number): string {
  return generateOcr(`1${String(number).padStart(6, '0')}`, { lengthDigit: true });
}

export function sellerOf(env: Env): BillingDocument['seller'] {
  return {
    name: env.BILLING_SELLER_NAME,
    addressLines: env.BILLING_SELLER_ADDRESS.split(',').map((line) => line.trim()),
    orgNumber: env.BILLING_ORG_NUMBER,
    vatNumber: env.BILLING_VAT_NUMBER,
    bankgiro: env.BILLING_BANKGIRO,
  };
}

export interface IssueInput {
  kind: DocumentKind;
  brandId: string;
  campaignId?: string | null;
  /** The payment (or refund) the document is for: one document of each kind per payment. */
  paymentRef: string;
  lines: BillingLine[];
  /** Credit notes: the invoice or receipt they change. */
  creditsDocumentId?: string;
  now?: Date;
}

/**
 * Issues an invoice, receipt or credit note inside the caller's transaction: takes the series'
 * next number (gap-free), snapshots seller and buyer, and for an invoice sets the OCR reference and
 * due date. Issuing again for the same payment returns the document already issued.
 * @throws validation_failed (orgNumber / billingAddress required for an invoice), not_found
 */
export async function issueDocument(tx: Database, env: Env, input: IssueInput): Promise<BillingDocument> {
  const [existing] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, input.kind), eq(billingDocuments.paymentRef, input.paymentRef)));
  if (existing) return existing;
  const [brand] = await tx
    .select({ user: users, profile: brandProfiles, address: billingAddresses })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .leftJoin(billingAddresses, eq(billingAddresses.userId, users.id))
    .where(eq(users.id, input.brandId));
  if (!brand) throw new AppError('not_found', 'Brand not found');
  if (input.kind === 'invoice') {
    const fields: Record<string, string[]> = {};
    if (!brand.profile?.orgNumber) fields.orgNumber = ['required'];
    if (!brand.address) fields.billingAddress = ['required'];
    if (Object.keys(fields).length > 0) {
      throw AppError.validation(fields, 'Paying by invoice needs the organisation number and billing address');
    }
  }
  const original = input.creditsDocumentId
    ? (await tx.select().from(billingDocuments).where(eq(billingDocuments.id, input.creditsDocumentId)))[0]
    : undefined;
  if (input.kind === 'credit_note' && (!original || original.brandId !== input.brandId)) {
    throw new AppError('not_found', 'The document to credit was not found');
  }
  // The rows the document refers to are share-locked BEFORE the series' counter: a transaction
  // holding the counter never waits for a brand or campaign row (a payment holds its campaign
  // while it waits for the counter), so issuing in parallel cannot deadlock.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.brandId)).for('key share');
  if (input.campaignId) {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, input.campaignId)).for('key share');
  }
  const series = SERIES[input.kind];
  const number = await takeNumber(tx, series);
  const issuedOn = stockholmDay(input.now);
  const netOre = input.lines.reduce((sum, line) => sum + line.netOre, 0);
  const vatOre = input.lines.reduce((sum, line) => sum + line.vatOre, 0);
  const address = brand.address;
  const [row] = await tx
    .insert(billingDocuments)
    .values({
      kind: input.kind,
      series,
      number,
      documentNumber: `${series}${number}`,
      brandId: input.brandId,
      campaignId: input.campaignId ?? null,
      paymentRef: input.paymentRef,
      creditsDocumentId: original?.id ?? null,
      locale: brand.user.locale,
      issuedOn,
      dueOn: input.kind === 'invoice' ? addDays(issuedOn, env.BILLING_PAYMENT_TERMS_DAYS) : null,
      ocr: input.kind === 'invoice' ? invoiceOcr(number) : null,
      seller: sellerOf(env),
      buyer: {
        name: brand.profile?.companyName ?? brand.user.fullName,
        addressLines: address
          ? [
              address.street,
              `${address.postalCode} ${address.city}`,
              ...(address.country === 'SE' ? [] : [address.country]),
            ]
          : [],
        orgNumber: brand.profile?.orgNumber ?? null,
      },
      lines: input.lines,
      netOre,
      vatOre,
      totalOre: netOre + vatOre,
      // A receipt documents money already received; a credit note settles nothing by itself.
      paidOre: input.kind === 'receipt' ? netOre + vatOre : 0,
      paidAt: input.kind === 'receipt' ? (input.now ?? new Date()) : null,
    })
    .returning();
  if (!row) throw new Error('billing document insert returned nothing');
  return row;
}

export function stateOf(row: BillingDocument, today = stockholmDay()): BillingDocumentView['state'] {
  if (row.paidAt) return 'paid';
  if (row.kind === 'credit_note') return 'credited';
  if (row.dueOn && row.dueOn < today) return 'overdue';
  return 'open';
}

export function toDocumentView(row: BillingDocument, creditsDocumentNumber: string | null = null): BillingDocumentView {
  return {
    id: row.id,
    kind: row.kind,
    documentNumber: row.documentNumber,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    ocr: row.ocr,
    bankgiro: row.seller.bankgiro,
    campaignId: row.campaignId,
    creditsDocumentNumber,
    buyerName: row.buyer.name,
    lines: row.lines.map((line) => ({ ...line, vatNote: line.vatNote ?? null })),
    netOre: row.netOre,
    vatOre: row.vatOre,
    totalOre: row.totalOre,
    paidOre: row.paidOre,
    state: stateOf(row),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** The campaign a document is for (title and period), for the PDF's "what was sold". */
export async function campaignOf(db: Database, row: BillingDocument) {
  if (!row.campaignId) return null;
  const [campaign] = await db
    .select({ title: campaigns.title, startsAt: campaigns.startsAt, endsAt: campaigns.endsAt })
    .from(campaigns)
    .where(eq(campaigns.id, row.campaignId));
  return campaign ?? null;
}
