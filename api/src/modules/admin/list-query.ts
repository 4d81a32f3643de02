import type { Database } from '@kollab/db';
import { and, asc, type Column, count, desc, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
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

/**
 * ORDER BY the whitelisted column (empty values last either way), then by id so pages are stable.
 * A NOT NULL column has no empty values to put last: it sorts plain DESC, the order of the
 * (column DESC, id) indexes of migration 0032 (ADR 036), so a page is an index walk, not a sort.
 */
export function orderBy(column: Column, order: 'asc' | 'desc', id: Column): SQL[] {
  if (order === 'asc') return [asc(column), asc(id)];
  return [column.notNull ? desc(column) : sql`${column} desc nulls last`, asc(id)];
}

import { AppError } from '../../lib/errors.ts';
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

export interface Window {
  limit: number;
  offset: number;
  /** The previous page's `nextCursor`: the page starts after that row, and `offset` is not used. */
  cursor?: string | undefined;
}

/** A list's order: the whitelisted field (named in cursors), its column and direction, and the id tiebreaker. */
export interface ListSort {
  field: string;
  column: Column;
  order: 'asc' | 'desc';
  id: Column;
}

/** Where a page ends: the sort it belongs to, the last row's sort value as PostgreSQL prints it, and its id. */
type CursorKey = [field: string, order: 'asc' | 'desc', value: string | null, id: string];

/**
 * What a sort value must look like before PostgreSQL casts it back (`value::<column type>`): a
 * value that doesn't is a 422 here rather than a cast error there. Text needs no shape.
 */
const VALUE_SHAPES: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  number: /^-?\d{1,18}$/,
};

function invalidCursor(reason: string): AppError {
  return AppError.validation({ cursor: [reason] }, `Invalid cursor: ${reason}`);
}

function decodeCursor(sort: ListSort, cursor: string): CursorKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('not a cursor this list gave');
  }
  if (
    !Array.isArray(key) ||
    key.length !== 4 ||
    typeof key[0] !== 'string' ||
    typeof key[1] !== 'string' ||
    !(key[2] === null || typeof key[2] === 'string') ||
    typeof key[3] !== 'string'
  ) {
    throw invalidCursor('not a cursor this list gave');
  }
  const [field, order, value, id] = key as CursorKey;
  if (field !== sort.field || order !== sort.order) {
    throw invalidCursor(
      `it belongs to the order ${field} ${order}, not ${sort.field} ${sort.order}: start from page 1`,
    );
  }
  const shape = VALUE_SHAPES[sort.column.dataType];
  const enumValues = sort.column.enumValues;
  const fits =
    value === null
      ? !sort.column.notNull
      : (shape?.test(value) ?? true) && (!enumValues?.length || enumValues.includes(value));
  if (!fits || id.length === 0 || id.length > 64) throw invalidCursor('not a cursor this list gave');
  return [field, order, value, id];
}

function encodeCursor(sort: ListSort, value: string | null, id: string): string {
  const key: CursorKey = [sort.field, sort.order, value, id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The rows after the cursor's row in `orderBy`'s order: further along the column (empty values,
 * which come last, after every value), or level with it and a greater id. The value is compared
 * as the column's own type (`::timestamptz` keeps the microseconds a JavaScript Date would drop).
 */
function afterCursor(sort: ListSort, [, , value, id]: CursorKey): SQL {
  const { column } = sort;
  const laterId = gt(sort.id, id);
  if (value === null) return and(isNull(column), laterId) as SQL;
  const typed = sql`${value}::${sql.raw(column.getSQLType())}`;
  const further = sort.order === 'asc' ? sql`${column} > ${typed}` : sql`${column} < ${typed}`;
  const level = and(sql`${column} = ${typed}`, laterId);
  return (column.notNull ? or(further, level) : or(further, level, isNull(column))) as SQL;
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
  const after = window.cursor === undefined ? undefined : afterCursor(sort, decodeCursor(sort, window.cursor));
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
