import { NUMBERED_PAGES_ROWS, PROFILE_SORT_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { Database } from '@kollab/db';
import { and, asc, type Column, count, desc, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors.ts';
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  type ListSort,
  mayBeEmpty,
  tiesDescending,
} from '../../lib/keyset.ts';
import { EXACT_TOTAL_LIMIT, estimateRows } from '../../lib/row-estimate.ts';

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
 * `mayBeEmpty` says otherwise for a NOT NULL column of an outer-joined table (`ListSort.mayBeEmpty`).
 * `tiesDescending`: equal values by id descending (`ListSort.tiesInOrder` on a descending list).
 */
export function orderBy(
  column: Column,
  order: 'asc' | 'desc',
  id: Column,
  mayBeEmpty = !column.notNull,
  tiesDescending = false,
): SQL[] {
  const tie = tiesDescending ? desc(id) : asc(id);
  if (order === 'asc') return [asc(column), tie];
  return [mayBeEmpty ? sql`${column} desc nulls last` : desc(column), tie];
}

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
 *
 * `estimateFirst`: ask the planner first and count only when it expects at most the limit. Even
 * the capped count reads 10,001 rows, through a join where the filter is on the profile (20–37 ms
 * for the creators of one category at 100,000 creators, on every page). Only for filters the
 * statistics know (equalities on a role, a status, a category, an id): a text search's estimate is
 * a guess, which could say "about 20,000" of a search that finds 12.
 */
export async function countOrEstimate(
  db: Database,
  rows: () => PgSelect,
  limit = EXACT_TOTAL_LIMIT,
  { estimateFirst = false }: { estimateFirst?: boolean } = {},
): Promise<Total> {
  const first = estimateFirst ? await estimateRows(db, rows()) : undefined;
  if (first !== undefined && first > limit) return { total: first, totalIsEstimate: true };
  const [counted] = await db.select({ n: count() }).from(
    rows()
      .limit(limit + 1)
      .as('capped'),
  );
  const n = Number(counted?.n ?? 0);
  if (n <= limit) return { total: n, totalIsEstimate: false };
  const estimate = first ?? (await estimateRows(db, rows()));
  return { total: Math.max(limit + 1, estimate), totalIsEstimate: true };
}

export type { ListSort } from '../../lib/keyset.ts';

/** How a list's total is found (`countOrEstimate`'s options). */
export interface TotalOptions {
  estimateFirst?: boolean;
}

/** `pageOf`'s options: how the total is found, and how far pages are served by number. */
export interface PageOptions extends TotalOptions {
  /**
   * A page asked for by number must start within this many rows (default NUMBERED_PAGES_ROWS):
   * MONEY_NUMBERED_ROWS for the tables whose filters ride in their indexes (ADR 036).
   */
  numberedRows?: number;
}

export interface Window {
  limit: number;
  offset: number;
  /** The previous page's `nextCursor`: the page starts after that row, and `offset` is not used. */
  cursor?: string | undefined;
}

/**
 * The cursor's key, or, for a page asked for by number, a 422 naming `page` when it starts past the
 * first `numberedRows` rows (ADR 036), before any SQL. A page by number costs an OFFSET walk of
 * every earlier row, and sorted by a profile column a look-up of each one's user: page 1,000 of
 * 20,000 brands by company name queued to 2–3 s p50 at 200 req/s. The portal's grid pages forward
 * by cursor, so only an address typed or reloaded that deep is refused.
 */
function keyOrNumberedPage(sort: ListSort, window: Window, numberedRows: number) {
  if (window.cursor !== undefined) return decodeCursor(sort, window.cursor);
  if (window.offset >= numberedRows) {
    throw AppError.validation(
      { page: [`pages past the first ${numberedRows} rows are asked for with the previous page's cursor`] },
      `Invalid page: past the first ${numberedRows} rows, ask with the previous page's nextCursor`,
    );
  }
  return undefined;
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
export function pageOf(
  db: Database,
  ids: (after?: SQL) => PgSelect,
  sort: ListSort,
  window: Window,
  { numberedRows = NUMBERED_PAGES_ROWS, ...totalOptions }: PageOptions = {},
) {
  const order = orderBy(sort.column, sort.order, sort.id, mayBeEmpty(sort), tiesDescending(sort));
  const key = keyOrNumberedPage(sort, window, numberedRows);
  const after = key ? afterCursor(sort, key[2], key[3]) : undefined;
  const page = ids(after)
    .orderBy(...order)
    .limit(window.limit);
  return {
    order,
    pageIds: after ? page : page.offset(window.offset),
    total: countOrEstimate(db, () => ids(), EXACT_TOTAL_LIMIT, totalOptions),
    /** The sort value as PostgreSQL prints it, to select with the page's rows for `nextCursor`. */
    sortKey: sql<string | null>`${sort.column}::text`,
    /** The cursor of the page after `rows` (the page's rows in order), or null when this page was the last. */
    nextCursor: (rows: { id: string; sortKey: string | null }[]): string | null => {
      const last = rows.at(-1);
      return last && rows.length === window.limit ? encodeCursor(sort, last.sortKey, last.id) : null;
    },
  };
}

/** Where the rows of a people list ordered by a column of its profile table come from (`profilePageOf`). */
export interface ProfileBranches {
  /**
   * The matching rows, from the profile table joined (inner) to users, selecting the profile's
   * user id as `id`, with `condition` added to the list's conditions.
   */
  valued: (condition: SQL | undefined) => PgSelect;
  /** The profile's user id (the valued rows' id and tiebreaker: its `(column, user_id)` index gives their order). */
  profileId: Column;
  /**
   * The matching rows from users, the profile left-joined, selecting `users.id` as `id`, with
   * `condition` added to the conditions and `joined` to the join's (the cursor's bound on the
   * profile's user id: PostgreSQL does not carry `users.id > x` over to the joined table, and a
   * merge join then reads every profile from the first).
   */
  empty: (condition: SQL | undefined, joined: SQL | undefined) => PgSelect;
}

/**
 * One page of the brands or creators table sorted by a column of the profile table (a brand's
 * company name, a creator's followers), and its total (ADR 036). Sorting `users LEFT JOIN profile`
 * by the profile's column is a sort of every matching user: no index gives that order across the
 * join (1–4 s a page at 100,000 creators). The page is read in two parts instead: the rows with a
 * value, walking the profile table's `(column, user_id)` index from the cursor (or the offset) and
 * looking each user up by id; then, where those run out, the rows without one (no profile, or an
 * empty column), which sort last in either direction and among themselves by id. The order and the
 * cursors are those of `pageOf` over the left join: `[field, order, value, id]`, the value null on
 * an empty row. `matching()` selects the matching users for the total, as `pageOf`'s `ids()`.
 */
export function profilePageOf(
  db: Database,
  matching: () => PgSelect,
  sort: ListSort,
  window: Window,
  branches: ProfileBranches,
  totalOptions: TotalOptions = {},
) {
  const listSort: ListSort = { ...sort, mayBeEmpty: true };
  const key = keyOrNumberedPage(listSort, window, PROFILE_SORT_NUMBERED_ROWS);
  const valuedSort: ListSort = { ...sort, id: branches.profileId, mayBeEmpty: false };
  const ids = async (rows: PgSelect) => ((await rows) as { id: string }[]).map((row) => row.id);
  const valued = (condition?: SQL) => branches.valued(and(isNotNull(sort.column), condition));
  const empty = (afterId: string | undefined, limit: number, offset: number) =>
    ids(
      branches
        .empty(
          and(isNull(sort.column), afterId === undefined ? undefined : gt(sort.id, afterId)),
          afterId === undefined ? undefined : gt(branches.profileId, afterId),
        )
        .orderBy(asc(sort.id))
        .limit(limit)
        .offset(offset),
    );
  const pageIds = async (): Promise<string[]> => {
    // A cursor on an empty row: the rest of the empty rows.
    if (key && key[2] === null) return empty(key[3], window.limit, 0);
    const offset = key ? 0 : window.offset;
    const withValue = await ids(
      valued(key ? afterCursor(valuedSort, key[2], key[3]) : undefined)
        .orderBy(...orderBy(sort.column, sort.order, branches.profileId, false))
        .limit(window.limit)
        .offset(offset),
    );
    if (withValue.length === window.limit) return withValue;
    // The rows with a value end on this page: the empty ones follow from the first. A page by
    // number past them all skips what remains of the offset after every row with a value.
    let skip = 0;
    if (withValue.length === 0 && offset > 0) {
      const [counted] = await db.select({ n: count() }).from(valued().as('valued'));
      skip = Math.max(0, offset - Number(counted?.n ?? 0));
    }
    return [...withValue, ...(await empty(undefined, window.limit - withValue.length, skip))];
  };
  return {
    order: orderBy(sort.column, sort.order, sort.id, true),
    /** The page's ids in order, read (two statements at most, where pageOf's `pageIds` is one sub-select). */
    pageIdList: pageIds(),
    total: countOrEstimate(db, matching, EXACT_TOTAL_LIMIT, totalOptions),
    sortKey: sql<string | null>`${sort.column}::text`,
    nextCursor: (rows: { id: string; sortKey: string | null }[]): string | null => {
      const last = rows.at(-1);
      return last && rows.length === window.limit ? encodeCursor(listSort, last.sortKey, last.id) : null;
    },
  };
}

/** `column IN (the page's ids)`, from either kind of page. */
export async function inPage(
  column: Column,
  page: { pageIds: PgSelect } | { pageIdList: Promise<string[]> },
): Promise<SQL> {
  return 'pageIdList' in page ? inArray(column, await page.pageIdList) : inArray(column, page.pageIds);
}

export function windowOf(query: { page: number; pageSize: number; cursor?: string | undefined }): Window {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, cursor: query.cursor };
}

export { type CsvColumn, type CsvValue, csvCell, toCsv } from '../../lib/csv.ts';
