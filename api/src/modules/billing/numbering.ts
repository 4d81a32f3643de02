import { type Database, queryRows } from '@kollab/db';
import { sql } from 'drizzle-orm';

/** The series of each document kind: invoices F, credit notes K, receipts R (ADR 024). */
export const SERIES = { invoice: 'F', credit_note: 'K', receipt: 'R' } as const;
/** Each series starts here, so document numbers have the same width for a long time. */
const FIRST_NUMBER = 1001;

/**
 * Takes the next number of `series` inside the caller's transaction. The counter row stays locked
 * until that transaction ends: a concurrent caller waits, and a rollback returns the number, so
 * the issued numbers have no gaps (a sequence would skip the numbers of rolled-back documents).
 */
export async function takeNumber(tx: Database, series: string): Promise<number> {
  const [row] = await queryRows<{ number: string }>(
    tx,
    sql`insert into billing_counters (series, next_number) values (${series}, ${FIRST_NUMBER + 1})
        on conflict (series) do update set next_number = billing_counters.next_number + 1
        returning (next_number - 1)::text as number`,
  );
  if (!row) throw new Error(`no number taken for series ${series}`);
  return Number(row.number);
}
