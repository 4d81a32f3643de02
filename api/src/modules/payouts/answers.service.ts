import { createHash } from 'node:crypto';
import type { PayoutAnswerPreview } from '@kollab/contract/api/payouts';
import type { Database } from '@kollab/db';
import { type Payout, payoutAnswerFiles, payoutBatches, payouts, type User, type Withdrawal } from '@kollab/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { BankFileError } from '../billing/bank-files/bank-file.ts';
import { type ParsedPayoutAnswer, type PayoutAnswerLine, parsePayoutAnswer } from './bank-answer.ts';
import { settlePayout } from './settle.ts';

type Line = PayoutAnswerPreview['lines'][number];

function parse(bytes: Uint8Array): ParsedPayoutAnswer {
  try {
    return parsePayoutAnswer(bytes);
  } catch (error) {
    if (error instanceof BankFileError) {
      throw AppError.validation({ file: ['malformed_bank_file'] }, `The bank answer cannot be read: ${error.message}`);
    }
    throw error;
  }
}

/** The answer's lines, with a whole rejected file expanded into one returned line per payout of that batch. */
async function linesOf(db: Database, parsed: ParsedPayoutAnswer): Promise<PayoutAnswerLine[]> {
  if (!parsed.rejectedMessage) return parsed.lines;
  const { messageId, reason } = parsed.rejectedMessage;
  const rows = await db
    .select({ endToEndId: payouts.endToEndId })
    .from(payouts)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(eq(payoutBatches.messageId, messageId));
  const listed = new Set(parsed.lines.map((line) => line.endToEndId));
  return [
    ...parsed.lines,
    ...rows
      .filter((row) => !listed.has(row.endToEndId))
      .map((row) => ({
        endToEndId: row.endToEndId,
        outcome: 'returned' as const,
        amountOre: null,
        reason: reason ?? 'RJCT',
      })),
  ];
}

/** What each line would do, in file order, given the payouts' current states (duplicates see the earlier line's effect). */
function effects(lines: PayoutAnswerLine[], found: Map<string, Payout>): Line[] {
  const state = new Map([...found].map(([id, payout]) => [id, payout.status]));
  return lines.map((line) => {
    const payout = found.get(line.endToEndId);
    const base = { ...line, withdrawalId: payout?.withdrawalId ?? null, refundId: payout?.refundId ?? null };
    if (!payout) return { ...base, effect: 'unknown_reference' as const };
    if (line.amountOre !== null && line.amountOre !== payout.amountOre)
      return { ...base, effect: 'amount_mismatch' as const };
    const now = state.get(line.endToEndId);
    if (line.outcome === 'paid' && now === 'sent') {
      state.set(line.endToEndId, 'paid');
      return { ...base, effect: 'paid' as const };
    }
    if (line.outcome === 'returned' && (now === 'sent' || now === 'paid')) {
      state.set(line.endToEndId, 'returned');
      return { ...base, effect: 'returned' as const };
    }
    return { ...base, effect: 'no_change' as const };
  });
}

async function match(db: Database, parsed: ParsedPayoutAnswer): Promise<Line[]> {
  const lines = await linesOf(db, parsed);
  const ids = [...new Set(lines.map((line) => line.endToEndId))];
  const rows = ids.length ? await db.select().from(payouts).where(inArray(payouts.endToEndId, ids)) : [];
  return effects(lines, new Map(rows.filter((row) => row.rail === 'bank').map((row) => [row.endToEndId, row])));
}

function summarise(
  parsed: ParsedPayoutAnswer,
  sha256: string,
  lines: Line[],
  alreadyImported: boolean,
): PayoutAnswerPreview {
  const sum = (effect: Line['effect']) =>
    lines.filter((line) => line.effect === effect).reduce((total, line) => total + (line.amountOre ?? 0), 0);
  return {
    format: parsed.format,
    sha256,
    alreadyImported,
    lines,
    totals: {
      paid: lines.filter((line) => line.effect === 'paid').length,
      returned: lines.filter((line) => line.effect === 'returned').length,
      paidOre: sum('paid'),
      returnedOre: sum('returned'),
    },
  };
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What importing the answer would do; changes nothing. */
export async function previewPayoutAnswer(db: Database, bytes: Uint8Array): Promise<PayoutAnswerPreview> {
  const parsed = parse(bytes);
  const sha256 = sha256Of(bytes);
  const [seen] = await db
    .select({ id: payoutAnswerFiles.id })
    .from(payoutAnswerFiles)
    .where(eq(payoutAnswerFiles.sha256, sha256));
  return summarise(parsed, sha256, await match(db, parsed), Boolean(seen));
}

/**
 * Imports a bank answer in one transaction: each paid or returned line settles its payout at most
 * once (locked row, conditional updates, unique posting references), so the same answer in
 * another file, or lines repeated or out of order, never move money twice. The same file again is
 * a `conflict`. Returns the preview of what was done and the withdrawals that changed (to mail).
 */
export async function importPayoutAnswer(
  db: Database,
  admin: User,
  file: { bytes: Uint8Array; name: string },
): Promise<{ preview: PayoutAnswerPreview; changed: Withdrawal[] }> {
  const parsed = parse(file.bytes);
  const sha256 = sha256Of(file.bytes);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payoutAnswerFiles)
      .values({ sha256, format: parsed.format, fileName: file.name.slice(0, 200), uploadedBy: admin.id })
      .onConflictDoNothing()
      .returning({ id: payoutAnswerFiles.id });
    if (!created) {
      throw new AppError('conflict', 'This bank answer has already been imported', {
        fields: { file: ['already_imported'] },
      });
    }
    const planned = await match(tx, parsed);
    const changed: Withdrawal[] = [];
    const lines: Line[] = [];
    for (const line of planned) {
      if (line.effect !== 'paid' && line.effect !== 'returned') {
        lines.push(line);
        continue;
      }
      const outcome =
        line.effect === 'paid'
          ? { status: 'paid' as const, reference: null }
          : { status: 'returned' as const, reason: line.reason };
      const settled = await settlePayout(tx, admin, line.endToEndId, outcome);
      if (settled?.withdrawal) changed.push(settled.withdrawal);
      lines.push(settled ? line : { ...line, effect: 'no_change' });
    }
    const preview = summarise(parsed, sha256, lines, false);
    await tx
      .update(payoutAnswerFiles)
      .set({ paidCount: preview.totals.paid, returnedCount: preview.totals.returned })
      .where(eq(payoutAnswerFiles.id, created.id));
    return { preview, changed };
  });
}
