import { and, type Column, gt, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { AppError } from './errors.ts';

/*
 * Keyset (cursor) pages (ADR 036): a page starts right after the previous page's last row, which
 * costs the same on page 1,000 as on page 1, where OFFSET walks past every earlier row. A cursor
 * is the sort field and direction, the last row's sort value as PostgreSQL prints it and its id,
 * as base64url JSON; it holds nothing the page did not show.
 */

/** A list's order: the whitelisted field (named in cursors), its column and direction, and the id tiebreaker. */
export interface ListSort {
  field: string;
  column: Column;
  order: 'asc' | 'desc';
  id: Column;
  /**
   * Whether the list has empty values in this order (sorted last, and a cursor may end on one).
   * By default the column's own nullability; a NOT NULL column of an outer-joined table is empty
   * where the row has none (a brand without a profile has no company name), and the valued branch
   * of a profile-ordered list has no empty values although its column may be NULL.
   */
  mayBeEmpty?: boolean;
  /**
   * Equal values are ordered by id in the list's direction (a descending list: id descending), so
   * one `(column, id)` index serves both directions, walked forward or backward, with no sort of
   * equal values (the money tables, ADR 036). Otherwise ties are ordered by id ascending either way.
   */
  tiesInOrder?: boolean;
}

/** The sort of a list whose ties follow its direction (`tiesInOrder`): the query's field and order by `column`, then `id`. */
export function sortWithTiesInOrder(
  query: { sort: string; order: 'asc' | 'desc' },
  column: Column,
  id: Column,
): ListSort {
  return { field: query.sort, column, order: query.order, id, tiesInOrder: true };
}

/** Whether equal values come in descending id order (`ListSort.tiesInOrder` on a descending list). */
export function tiesDescending(sort: Pick<ListSort, 'order' | 'tiesInOrder'>): boolean {
  return sort.tiesInOrder === true && sort.order === 'desc';
}

/** Whether the sort's column can be empty in its list (`ListSort.mayBeEmpty`, else the column's nullability). */
export function mayBeEmpty(sort: ListSort): boolean {
  return sort.mayBeEmpty ?? !sort.column.notNull;
}

/** Where a page ends: the sort it belongs to, the last row's sort value as PostgreSQL prints it, and its id. */
export type CursorKey = [field: string, order: 'asc' | 'desc', value: string | null, id: string];

/**
 * What a sort value must look like before PostgreSQL casts it back (`value::<column type>`): a
 * value that doesn't is a 422 here rather than a cast error there. Text needs no shape.
 */
const VALUE_SHAPES: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  number: /^-?\d{1,18}$/,
};

/** The shape of a value of these SQL types, where the column's data type does not say it. */
const SQL_TYPE_SHAPES: Record<string, RegExp> = {
  // A date is read as a string; the calendar is checked too (below).
  date: /^\d{4}-\d{2}-\d{2}$/,
  // Within int4, so the cast cannot overflow.
  integer: /^-?\d{1,9}$/,
};

/** Whether a value of the right shape is one PostgreSQL can cast back (a calendar day for a date). */
function castable(sqlType: string, value: string): boolean {
  if (sqlType !== 'date') return true;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

function invalidCursor(reason: string): AppError {
  return AppError.validation({ cursor: [reason] }, `Invalid cursor: ${reason}`);
}

/**
 * The cursor's key, checked against the list's sort.
 * @throws validation_failed (naming `cursor`) for a cursor of another order, or one this list did not give
 */
export function decodeCursor(sort: ListSort, cursor: string): CursorKey {
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
  const sqlType = sort.column.getSQLType();
  const shape = SQL_TYPE_SHAPES[sqlType] ?? VALUE_SHAPES[sort.column.dataType];
  const enumValues = sort.column.enumValues;
  const fits =
    value === null
      ? mayBeEmpty(sort)
      : (shape?.test(value) ?? true) && castable(sqlType, value) && (!enumValues?.length || enumValues.includes(value));
  if (!fits || id.length === 0 || id.length > 64) throw invalidCursor('not a cursor this list gave');
  return [field, order, value, id];
}

export function encodeCursor(sort: ListSort, value: string | null, id: string): string {
  const key: CursorKey = [sort.field, sort.order, value, id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The rows after the cursor's row in the list's order (column in its direction, empty values last
 * either way, then id ascending, or in the list's direction with `tiesInOrder`): further along the
 * column (empty values after every value), or level with it and further along the ids. The value
 * is compared as the column's own type (`::timestamptz` keeps the microseconds a JavaScript Date
 * would drop). `value` and `id` may be placeholders of a prepared statement; a placeholder value
 * stands for a value, never for an empty one.
 */
export function afterCursor(sort: ListSort, value: string | null | Placeholder, id: string | Placeholder): SQL {
  const { column } = sort;
  const laterId = tiesDescending(sort) ? lt(sort.id, id) : gt(sort.id, id);
  if (value === null) return and(isNull(column), laterId) as SQL;
  const typed = sql`${value}::${sql.raw(column.getSQLType())}`;
  let afterKey: SQL;
  if (sort.tiesInOrder) {
    // Ties in the list's direction: one row comparison, which a `(column, id)` index walk starts
    // at exactly, also inside a long run of equal values (90,000 payments of one amount).
    afterKey =
      sort.order === 'asc'
        ? sql`(${column}, ${sort.id}) > (${typed}, ${id})`
        : sql`(${column}, ${sort.id}) < (${typed}, ${id})`;
  } else {
    const further = sort.order === 'asc' ? sql`${column} > ${typed}` : sql`${column} < ${typed}`;
    const level = and(sql`${column} = ${typed}`, laterId);
    // `col <= v` (`>=` ascending) in front of the OR is what PostgreSQL can start an index walk at;
    // the OR alone is only a filter, checked on every row from the first.
    const fromKey = sort.order === 'asc' ? sql`${column} >= ${typed}` : sql`${column} <= ${typed}`;
    afterKey = and(fromKey, or(further, level)) as SQL;
  }
  return mayBeEmpty(sort) ? (or(afterKey, isNull(column)) as SQL) : afterKey;
}
