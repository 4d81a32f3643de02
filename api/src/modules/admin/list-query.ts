import type { Database } from '@kollab/db';
import { asc, type Column, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
/*
 * The admin tables' query language: page, pageSize, sort, order and a whitelist of filters per
 * resource. Query schemas are strict, so any other parameter is a 422 naming it, and sort fields map
 * to columns through a fixed table: nothing from the query string ever becomes SQL text.
 */

/** Rows an export returns at most (the portal's tables filter before exporting). */
export const EXPORT_LIMIT = 10_000;

export { containsPattern } from '../../lib/like-pattern.ts';

/**
 * ORDER BY the whitelisted column (empty values last either way), then by id so pages are stable.
 * A NOT NULL column has no empty values to put last: it sorts plain DESC, the order of the
 * (column DESC, id) indexes of migration 0032 (ADR 036), so a page is an index walk, not a sort.
 */
export function orderBy(column: Column, order: 'asc' | 'desc', id: Column): SQL[] {
  if (order === 'asc') return [asc(column), asc(id)];
  return [column.notNull ? desc(column) : sql`${column} desc nulls last`, asc(id)];
}

import { afterCursor, decodeCursor, encodeCursor, type ListSort } from '../../lib/keyset.ts';
import { EXACT_TOTAL_LIMIT, estimateRows } from '../../lib/row-estimate.ts';

export interface Total {
  total: number;
  /** True when `total` is the planner's estimate (more than EXACT_TOTAL_LIMIT rows match). */
  totalIsEstimate: boolean;
}

/**
 * The number of rows `rows()` selects: counted exactly up to EXACT_TOTAL_LIMIT (a count that stops
 * there), otherwise the planner's row estimate of the same query (EXPLAIN, from the statistics of
 * ANALYZE), never below the limit. Counting a million rows costs a scan of a million index entries
 * for every page; the estimate costs a plan. `rows` builds a fresh query each call (drizzle's
 * builders change in place).
 */
export async function countOrEstimate(db: Database, rows: () => PgSelect, limit = EXACT_TOTAL_LIMIT): Promise<Total> {
  const [counted] = await db.select({ n: count() }).from(
    rows()
      .limit(limit + 1)
      .as('capped'),
  );
  const n = Number(counted?.n ?? 0);
  if (n <= limit) return { total: n, totalIsEstimate: false };
  const estimate = await estimateRows(db, rows());
  return { total: Math.max(limit + 1, estimate), totalIsEstimate: true };
}

export type { ListSort } from '../../lib/keyset.ts';

export interface Window {
  limit: number;
  offset: number;
  /** The previous page's `nextCursor`: the page starts after that row, and `offset` is not used. */
  cursor?: string | undefined;
}

/**
 * One page of an admin list and its total. `ids(after)` selects the matching rows' ids (a fresh
 * builder each call, with `after` added to its conditions); the page is those ids in the sort's
 * order (an index walk that reads no other column), for the caller to read whole with `inArray`,
 * and the total counts the same rows (`countOrEstimate`).
 *
 * With a cursor the page starts right after the previous page's last row (keyset pagination,
 * ADR 036): page 1,000 costs what page 1 does, where `OFFSET` walks past every earlier row. The
 * caller selects `sortKey` with its rows and passes them to `nextCursor`.
 */
export function pageOf(db: Database, ids: (after?: SQL) => PgSelect, sort: ListSort, window: Window) {
  const order = orderBy(sort.column, sort.order, sort.id);
  const key = window.cursor === undefined ? undefined : decodeCursor(sort, window.cursor);
  const after = key ? afterCursor(sort, key[2], key[3]) : undefined;
  const page = ids(after)
    .orderBy(...order)
    .limit(window.limit);
  return {
    order,
    pageIds: after ? page : page.offset(window.offset),
    total: countOrEstimate(db, () => ids()),
    /** The sort value as PostgreSQL prints it, to select with the page's rows for `nextCursor`. */
    sortKey: sql<string | null>`${sort.column}::text`,
    /** The cursor of the page after `rows` (the page's rows in order), or null when this page was the last. */
    nextCursor: (rows: { id: string; sortKey: string | null }[]): string | null => {
      const last = rows.at(-1);
      return last && rows.length === window.limit ? encodeCursor(sort, last.sortKey, last.id) : null;
    },
  };
}

export function windowOf(query: { page: number; pageSize: number; cursor?: string | undefined }): Window {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, cursor: query.cursor };
}

export { type CsvColumn, type CsvValue, csvCell, toCsv } from '../../lib/csv.ts';
