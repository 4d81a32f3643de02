import { type Database, queryRows } from '@kollab/db';
import { type SQL, sql } from 'drizzle-orm';

/** Totals above this are the planner's estimate rather than counted (ADR 036). */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The planner's row estimate for `query` (EXPLAIN, from ANALYZE's statistics): what a list answers
 * as its total once counting would pass EXACT_TOTAL_LIMIT rows.
 */
export async function estimateRows(db: Database, query: SQL | { getSQL(): SQL }): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const raw = plan?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}
