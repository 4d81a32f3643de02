import { z } from '@hono/zod-openapi';
import { asc, type Column, type SQL, sql } from 'drizzle-orm';

/*
 * The admin tables' query language: page, pageSize, sort, order and a whitelist of filters per
 * resource. Query schemas are strict, so any other parameter is a 422 naming it, and sort fields map
 * to columns through a fixed table: nothing from the query string ever becomes SQL text.
 */

/** Rows an export returns at most (the portal's tables filter before exporting). */
export const EXPORT_LIMIT = 10_000;

/** page (1–10 000) and pageSize (1–100, default 25). Exports ignore both. */
export const pageParams = {
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ example: 1 }),
  pageSize: z.coerce.number().int().min(1).max(100).default(25).openapi({ example: 25 }),
};

/** `sort` from the resource's fields and `order` (default newest first). */
export function sortParams<const T extends readonly [string, ...string[]]>(fields: T, fallback: T[number]) {
  return {
    sort: z.enum(fields).default(fallback as never),
    order: z.enum(['asc', 'desc']).default('desc'),
  };
}

/** A free-text search term (1–100 characters after trimming). */
export const SearchParam = z.string().trim().min(1).max(100).optional();
/** An id filter. */
export const IdFilter = z.string().trim().min(1).max(64).optional();
/** A yes/no filter (`suspended=yes`). */
export const YesNoFilter = z.enum(['yes', 'no']).optional();

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
