import { asc, type Column, type SQL, sql } from 'drizzle-orm';

/*
 * The admin tables' query language: page, pageSize, sort, order and a whitelist of filters per
 * resource. Query schemas are strict, so any other parameter is a 422 naming it, and sort fields map
 * to columns through a fixed table: nothing from the query string ever becomes SQL text.
 */

/** Rows an export returns at most (the portal's tables filter before exporting). */
export const EXPORT_LIMIT = 10_000;

/** An ILIKE pattern that matches `term` literally anywhere (its `%`, `_` and `\` are escaped). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** ORDER BY the whitelisted column (empty values last either way), then by id so pages are stable. */
export function orderBy(column: Column, order: 'asc' | 'desc', id: Column): SQL[] {
  return [order === 'asc' ? asc(column) : sql`${column} desc nulls last`, asc(id)];
}

export interface Window {
  limit: number;
  offset: number;
}

export function windowOf(query: { page: number; pageSize: number }): Window {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export { type CsvColumn, type CsvValue, csvCell, toCsv } from '../../lib/csv.ts';
