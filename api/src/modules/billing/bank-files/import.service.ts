import { createHash } from 'node:crypto';
import type { BankFilePreview } from '@kollab/contract/api/billing';
import type { Database } from '@kollab/db';
import { type BillingDocument, bankFiles, bankPayments, billingDocuments, type User } from '@kollab/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Env } from '../../../env.ts';
import { AppError } from '../../../lib/errors.ts';
import { isValidOcr, normaliseOcr } from '../../../lib/ocr.ts';
import { applyInvoicePayment } from '../settlement.ts';
import { BankFileError, type ParsedBankFile } from './bank-file.ts';
import { parseBgMax } from './bgmax.ts';
import { parseCamt054 } from './camt054.ts';

/** Parses a BgMax or camt.054 file; anything else is a `validation_failed` naming the problem. */
export function parseBankFile(bytes: Uint8Array, env: Env): ParsedBankFile {
  const head = new TextDecoder('latin1')
    .decode(bytes.slice(0, 200))
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  try {
    if (head.startsWith('01BGMAX')) {
      const parsed = parseBgMax(bytes);
      const ours = env.BILLING_BANKGIRO.replace('-', '');
      if (parsed.account !== ours) {
        throw AppError.validation(
          { file: ['wrong_account'] },
          `The file is for Bankgiro ${parsed.account}, Kollab's is ${env.BILLING_BANKGIRO}`,
        );
      }
      return parsed;
    }
    if (head.startsWith('<')) return parseCamt054(bytes);
  } catch (error) {
    if (error instanceof BankFileError) {
      throw AppError.validation({ file: ['malformed_bank_file'] }, `The bank file cannot be read: ${error.message}`);
    }
    throw error;
  }
  throw AppError.validation({ file: ['unknown_format'] }, 'Expected a BgMax file or an ISO 20022 camt.054 document');
}

type Row = BankFilePreview['payments'][number];

/**
 * What each payment of `parsed` does: matched by OCR reference to an open invoice (paid, partial,
 * over-paid), to an invoice already paid, to no invoice, or seen before. With `lock` (the import's
 * transaction) the matched invoices are locked until commit, so two imports cannot both pay them.
 */
async function match(db: Database, parsed: ParsedBankFile, lock: boolean): Promise<Row[]> {
  const ocrs = [
    ...new Set(parsed.payments.flatMap((p) => p.references.map(normaliseOcr)).filter((r) => isValidOcr(r))),
  ];
  const query = db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, 'invoice'), inArray(billingDocuments.ocr, ocrs.length ? ocrs : [''])));
  const invoices: BillingDocument[] = lock ? await query.for('update') : await query;
  const byOcr = new Map(invoices.map((invoice) => [invoice.ocr, invoice]));
  const open = new Map(
    invoices.map((invoice) => [invoice.id, invoice.paidAt ? 0 : invoice.totalOre - invoice.paidOre]),
  );
  const refs = parsed.payments.map((p) => p.bankReference);
  const seen = new Set(
    (
      await db
        .select({ ref: bankPayments.bankReference })
        .from(bankPayments)
        .where(inArray(bankPayments.bankReference, refs))
    ).map((row) => row.ref),
  );
  return parsed.payments.map((payment) => {
    const base = { ...payment, invoice: null, appliedOre: 0, excessOre: 0 };
    if (seen.has(payment.bankReference)) return { ...base, outcome: 'duplicate' as const };
    seen.add(payment.bankReference);
    if (payment.amountOre <= 0) return { ...base, outcome: 'not_incoming' as const };
    const invoice = payment.references.map((ref) => byOcr.get(normaliseOcr(ref))).find(Boolean);
    if (!invoice) return { ...base, outcome: 'unknown_reference' as const, excessOre: payment.amountOre };
    const before = open.get(invoice.id) ?? 0;
    const applied = Math.min(before, payment.amountOre);
    open.set(invoice.id, before - applied);
    const view = {
      id: invoice.id,
      documentNumber: invoice.documentNumber,
      totalOre: invoice.totalOre,
      openOre: before,
    };
    const excess = payment.amountOre - applied;
    const outcome = before === 0 ? 'already_paid' : excess > 0 ? 'overpaid' : before - applied > 0 ? 'partial' : 'paid';
    return { ...base, invoice: view, appliedOre: applied, excessOre: excess, outcome };
  });
}

function summarise(parsed: ParsedBankFile, sha256: string, payments: Row[], alreadyImported: boolean): BankFilePreview {
  return {
    format: parsed.format,
    sha256,
    account: parsed.account,
    alreadyImported,
    payments,
    totals: {
      matchedOre: payments.reduce((sum, row) => sum + row.appliedOre, 0),
      unmatchedOre: payments.reduce((sum, row) => sum + (row.outcome === 'duplicate' ? 0 : row.excessOre), 0),
      invoicesPaid: payments.filter((row) => row.outcome === 'paid' || row.outcome === 'overpaid').length,
    },
  };
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The preview: what importing the file would do, changing nothing. */
export async function previewBankFile(db: Database, env: Env, bytes: Uint8Array): Promise<BankFilePreview> {
  const parsed = parseBankFile(bytes, env);
  const sha256 = sha256Of(bytes);
  const [imported] = await db.select({ id: bankFiles.id }).from(bankFiles).where(eq(bankFiles.sha256, sha256));
  return summarise(parsed, sha256, await match(db, parsed, false), Boolean(imported));
}

/**
 * Imports the file in one transaction: every new payment line is recorded once (unique bank
 * reference) and applied to its invoice; invoices paid in full are settled. A file imported before
 * is a `conflict` and changes nothing.
 */
export async function importBankFile(
  db: Database,
  env: Env,
  admin: User,
  file: { bytes: Uint8Array; name: string },
): Promise<BankFilePreview> {
  const parsed = parseBankFile(file.bytes, env);
  const sha256 = sha256Of(file.bytes);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(bankFiles)
      .values({
        sha256,
        format: parsed.format,
        fileName: file.name.slice(0, 200),
        uploadedBy: admin.id,
        paymentCount: parsed.payments.length,
        matchedOre: 0,
      })
      .onConflictDoNothing()
      .returning({ id: bankFiles.id });
    if (!created) {
      throw new AppError('conflict', 'This bank file has already been imported', {
        fields: { file: ['already_imported'] },
      });
    }
    const rows = await match(tx, parsed, true);
    for (const row of rows) {
      if (row.outcome === 'duplicate') continue;
      const [recorded] = await tx
        .insert(bankPayments)
        .values({
          bankFileId: created.id,
          bankReference: row.bankReference,
          references: row.references,
          amountOre: row.amountOre,
          bookedOn: row.bookedOn,
          payerName: row.payerName,
          invoiceId: row.invoice?.id ?? null,
          outcome: row.outcome,
          appliedOre: row.appliedOre,
        })
        .onConflictDoNothing()
        .returning({ id: bankPayments.id });
      if (!recorded || !row.invoice || row.appliedOre === 0) continue;
      const completes = row.invoice.openOre === row.appliedOre;
      const [invoice] = await tx
        .update(billingDocuments)
        .set({
          paidOre: sql`${billingDocuments.paidOre} + ${row.appliedOre}`,
          ...(completes ? { paidAt: new Date() } : {}),
        })
        .where(and(eq(billingDocuments.id, row.invoice.id), isNull(billingDocuments.paidAt)))
        .returning();
      if (!invoice) continue;
      await applyInvoicePayment(tx, {
        invoice,
        amountOre: row.appliedOre,
        bankReference: row.bankReference,
        source: parsed.format,
        completes,
        actor: admin,
      });
    }
    const matchedOre = rows.reduce((sum, row) => sum + row.appliedOre, 0);
    await tx.update(bankFiles).set({ matchedOre }).where(eq(bankFiles.id, created.id));
    return summarise(parsed, sha256, rows, false);
  });
}
