import type { BillingAddress, BillingDocumentView, ListInvoicesQuery } from '@kollab/contract/api/billing';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import { type BillingDocument, billingAddresses, billingDocuments, type User, users } from '@kollab/db/schema';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { sortWithTiesInOrder } from '../../lib/keyset.ts';
import { pageOf, type Window } from '../admin/list-query.ts';
import { renderDocumentPdf } from './document-pdf.ts';
import { campaignOf, toDocumentView } from './documents.service.ts';
import { applyInvoicePayment } from './settlement.ts';

const original = alias(billingDocuments, 'original');

function stateFilter(state: ListInvoicesQuery['state']): SQL | undefined {
  const today = stockholmDay();
  if (state === 'paid') return isNotNull(billingDocuments.paidAt);
  if (state === 'credited') return eq(billingDocuments.kind, 'credit_note');
  if (state === 'overdue')
    return and(
      isNull(billingDocuments.paidAt),
      eq(billingDocuments.kind, 'invoice'),
      lt(billingDocuments.dueOn, today),
    );
  if (state === 'open')
    return and(
      isNull(billingDocuments.paidAt),
      eq(billingDocuments.kind, 'invoice'),
      gte(billingDocuments.dueOn, today),
    );
  return undefined;
}

const SORT = {
  issuedOn: billingDocuments.issuedOn,
  dueOn: billingDocuments.dueOn,
  totalOre: billingDocuments.totalOre,
  documentNumber: billingDocuments.number,
} as const;

/**
 * Admin: every document, filtered by kind and state: a page of ids walked in the order of a
 * `(column, id)` index that carries what the filters read (migration 0040), then those documents
 * read whole; by cursor past the first 10,000 rows, the total estimated past 10,000 (ADR 036).
 * Equal values (a day's documents, equal totals) come in id order, in the list's direction.
 */
export async function listDocuments(db: Database, query: ListInvoicesQuery, window: Window) {
  const where = and(query.kind ? eq(billingDocuments.kind, query.kind) : undefined, stateFilter(query.state));
  const sort = sortWithTiesInOrder(query, SORT[query.sort], billingDocuments.id);
  const ids = (after?: SQL) =>
    db.select({ id: billingDocuments.id }).from(billingDocuments).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true, numberedRows: MONEY_NUMBERED_ROWS });
  const [rows, total] = await Promise.all([
    db
      .select({
        document: billingDocuments,
        // Only what the page shows: not the whole user row (its password hash among it).
        brand: { id: users.id, email: users.email },
        creditsNumber: original.documentNumber,
        sortKey: page.sortKey,
      })
      .from(billingDocuments)
      .innerJoin(users, eq(users.id, billingDocuments.brandId))
      .leftJoin(original, eq(original.id, billingDocuments.creditsDocumentId))
      .where(inArray(billingDocuments.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  return {
    data: rows.map(({ document, brand, creditsNumber }) => ({
      ...toDocumentView(document, creditsNumber),
      brand: { id: brand.id, name: document.buyer.name, email: brand.email },
    })),
    ...total,
    nextCursor: page.nextCursor(rows.map(({ document, sortKey }) => ({ id: document.id, sortKey }))),
  };
}

/** Brand: its own invoices, receipts and credit notes, newest first. */
export async function listOwnDocuments(db: Database, brand: User): Promise<BillingDocumentView[]> {
  const rows = await db
    .select({ document: billingDocuments, creditsNumber: original.documentNumber })
    .from(billingDocuments)
    .leftJoin(original, eq(original.id, billingDocuments.creditsDocumentId))
    .where(eq(billingDocuments.brandId, brand.id))
    .orderBy(desc(billingDocuments.createdAt), desc(billingDocuments.number));
  return rows.map(({ document, creditsNumber }) => toDocumentView(document, creditsNumber));
}

/** A document its brand or an admin may see; anyone else gets `not_found` (ADR 004). */
export async function getVisibleDocument(db: Database, actor: User, id: string): Promise<BillingDocument> {
  const [row] = await db.select().from(billingDocuments).where(eq(billingDocuments.id, id));
  if (!row || (actor.role !== 'admin' && row.brandId !== actor.id))
    throw new AppError('not_found', 'Document not found');
  return row;
}

export async function documentPdf(db: Database, row: BillingDocument): Promise<Buffer> {
  const credits = row.creditsDocumentId
    ? ((await db.select().from(billingDocuments).where(eq(billingDocuments.id, row.creditsDocumentId)))[0] ?? null)
    : null;
  return renderDocumentPdf(row, {
    campaign: await campaignOf(db, row),
    credits: credits
      ? { kind: credits.kind, documentNumber: credits.documentNumber, issuedOn: credits.issuedOn }
      : null,
  });
}

/**
 * Admin marks an open invoice paid (money that came in outside the bank files), with a reason kept
 * on the invoice and in the audit log; the rest of the invoice is settled.
 * @throws not_found, conflict (not an open invoice)
 */
export async function markInvoicePaid(
  db: Database,
  admin: User,
  id: string,
  reason: string,
): Promise<BillingDocumentView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(billingDocuments).where(eq(billingDocuments.id, id)).for('update');
    if (row?.kind !== 'invoice') throw new AppError('not_found', 'Invoice not found');
    if (row.paidAt) throw new AppError('conflict', 'The invoice is already paid');
    const [paid] = await tx
      .update(billingDocuments)
      .set({ paidOre: row.totalOre, paidAt: new Date(), paidNote: reason })
      .where(eq(billingDocuments.id, id))
      .returning();
    if (!paid) throw new Error('invoice update returned nothing');
    await recordAudit(
      tx,
      admin,
      'invoice.mark_paid',
      { type: 'invoice', id },
      { reason, amountOre: row.totalOre - row.paidOre },
    );
    await applyInvoicePayment(tx, {
      invoice: paid,
      amountOre: row.totalOre - row.paidOre,
      bankReference: null,
      source: 'manual',
      completes: true,
      actor: admin,
    });
    return toDocumentView(paid);
  });
}

export async function findBillingAddress(db: Database, brand: User): Promise<BillingAddress | null> {
  const [row] = await db.select().from(billingAddresses).where(eq(billingAddresses.userId, brand.id));
  return row ? { street: row.street, postalCode: row.postalCode, city: row.city, country: row.country } : null;
}

export async function saveBillingAddress(db: Database, brand: User, input: BillingAddress): Promise<BillingAddress> {
  await db
    .insert(billingAddresses)
    .values({ userId: brand.id, ...input })
    .onConflictDoUpdate({ target: billingAddresses.userId, set: { ...input, updatedAt: new Date() } });
  return input;
}
