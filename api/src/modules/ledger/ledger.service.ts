import type { Database } from '@kollab/db';
import { balances, ledgerEntries, NON_NEGATIVE_ACCOUNTS, postings } from '@kollab/db/schema';
import { and, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';

export type LedgerAccount = (typeof ledgerEntries.$inferSelect)['account'];

/** The holder id of the platform's own accounts. */
export const PLATFORM = 'platform';

const GUARDED: ReadonlySet<string> = new Set(NON_NEGATIVE_ACCOUNTS);

export interface Entry {
  account: LedgerAccount;
  holderId: string;
  amountOre: number;
}

/**
 * Posts a balanced set of entries and moves the running balances, inside the caller's
 * transaction. A posting's `reference` is unique, so the same business event is never posted
 * twice: the second call returns false. A debit that would take a creator, escrow or brand-credit
 * balance below zero fails (a conditional update that locks the balance row, backed by the table's
 * CHECK), so concurrent debits of one balance are serial and never overdraw it.
 * @throws validation_failed (amountOre: insufficient_funds)
 */
export async function post(
  tx: Database,
  posting: { kind: string; reference: string; memo?: string; entries: Entry[] },
): Promise<boolean> {
  const sum = posting.entries.reduce((total, entry) => total + entry.amountOre, 0);
  if (posting.entries.some((entry) => !Number.isSafeInteger(entry.amountOre) || entry.amountOre === 0)) {
    throw new Error(`posting ${posting.reference} has a zero or non-integer entry`);
  }
  if (sum !== 0) throw new Error(`posting ${posting.reference} does not balance (${sum})`);
  const [created] = await tx
    .insert(postings)
    .values({ kind: posting.kind, reference: posting.reference, memo: posting.memo ?? null })
    .onConflictDoNothing()
    .returning({ id: postings.id });
  if (!created) return false;
  for (const entry of posting.entries) {
    if (entry.amountOre < 0 && GUARDED.has(entry.account)) {
      const [moved] = await tx
        .update(balances)
        .set({ amountOre: sql`${balances.amountOre} + ${entry.amountOre}` })
        .where(
          and(
            eq(balances.holderId, entry.holderId),
            eq(balances.account, entry.account),
            gte(balances.amountOre, -entry.amountOre),
          ),
        )
        .returning({ holderId: balances.holderId });
      if (!moved) throw AppError.validation({ amountOre: ['insufficient_funds'] }, 'Not enough money in the balance');
    } else {
      await tx
        .insert(balances)
        .values({ holderId: entry.holderId, account: entry.account, amountOre: entry.amountOre })
        .onConflictDoUpdate({
          target: [balances.holderId, balances.account],
          set: { amountOre: sql`${balances.amountOre} + ${entry.amountOre}` },
        });
    }
    await tx.insert(ledgerEntries).values({ postingId: created.id, ...entry });
  }
  return true;
}

/** A holder's balance on one account (0 when nothing was ever posted). */
export async function balanceOf(db: Database, holderId: string, account: LedgerAccount): Promise<number> {
  const [row] = await db
    .select({ amountOre: balances.amountOre })
    .from(balances)
    .where(and(eq(balances.holderId, holderId), eq(balances.account, account)));
  return row?.amountOre ?? 0;
}
