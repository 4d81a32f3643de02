import { stockholmDay } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import type { User } from '@kollab/db/schema';
import { ledgerEntries, postings } from '@kollab/db/schema';
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { Env } from '../../../env.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { addDays } from '../documents.service.ts';
import type { LedgerAccountName } from './chart.ts';
import { buildSie4, encodePc8, type SiePosting } from './sie4.ts';

/** Midnight at the start of `date` in Sweden, as an instant. */
function swedishMidnight(date: string): Date {
  const guess = new Date(`${date}T00:00:00Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone: 'Europe/Stockholm' }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (local.getTime() - utc.getTime()));
}

/** Every ledger posting from `from` to `to` (Swedish dates, inclusive) as a SIE 4 file in PC8. */
export async function exportSie(
  db: Database,
  env: Env,
  admin: User,
  range: { from: string; to: string },
): Promise<Uint8Array> {
  const start = swedishMidnight(range.from);
  const end = swedishMidnight(addDays(range.to, 1));
  const opening = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amountOre})::text` })
    .from(ledgerEntries)
    .innerJoin(postings, sql`${postings.id} = ${ledgerEntries.postingId}`)
    .where(lt(postings.createdAt, start))
    .groupBy(ledgerEntries.account);
  const rows = await db
    .select({ posting: postings, account: ledgerEntries.account, amountOre: ledgerEntries.amountOre })
    .from(postings)
    .innerJoin(ledgerEntries, sql`${ledgerEntries.postingId} = ${postings.id}`)
    .where(and(gte(postings.createdAt, start), lt(postings.createdAt, end)))
    .orderBy(asc(postings.createdAt), asc(postings.id), asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const byPosting = new Map<string, SiePosting>();
  for (const row of rows) {
    let posting = byPosting.get(row.posting.id);
    if (!posting) {
      posting = {
        id: row.posting.id,
        kind: row.posting.kind,
        reference: row.posting.reference,
        date: stockholmDay(row.posting.createdAt),
        entries: [],
      };
      byPosting.set(row.posting.id, posting);
    }
    posting.entries.push({ account: row.account as LedgerAccountName, amountOre: row.amountOre });
  }
  const text = buildSie4({
    program: { name: 'Kollab', version: '1.0' },
    company: { name: env.BILLING_SELLER_NAME, orgNumber: env.BILLING_ORG_NUMBER },
    generatedOn: stockholmDay(),
    from: range.from,
    to: range.to,
    chart: env.SIE_ACCOUNTS,
    opening: Object.fromEntries(opening.map((row) => [row.account, Number(row.total)])),
    postings: [...byPosting.values()],
  });
  await recordAudit(
    db,
    admin,
    'ledger.sie_export',
    { type: 'ledger', id: `${range.from}..${range.to}` },
    { postings: byPosting.size },
  );
  return encodePc8(text);
}
