import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { MessageKey } from '../../providers/i18n-provider';
import { PAYOUTS_PAGE_SIZES } from '../money/money';

export type Order = 'asc' | 'desc';

/** One of a table's filters; only these names are ever sent to the API (others are a 422). */
export interface FilterSpec {
  name: string;
  label: MessageKey;
  /** `search`/`text`: typed (sent after a pause); `select`: one of `options` (or options given at run time). */
  kind: 'search' | 'text' | 'select';
  options?: readonly { value: string; label: MessageKey }[];
  /** The API's limit for a typed value. */
  maxLength?: number;
}

/** What a table may send: `GET /api/admin/<resource>` with these sort fields and filters. */
export interface TableSpec {
  resource: string;
  sortFields: readonly string[];
  defaultSort: string;
  defaultOrder: Order;
  filters: readonly FilterSpec[];
  /**
   * The API pages this table by cursor too (`nextCursor`), and by number only within the first
   * NUMBERED_PAGES_ROWS rows (ADR 036): the table asks a deeper page only with its cursor.
   */
  cursorPages?: boolean;
  /** Sort fields that are a profile table's column: by number only within PROFILE_SORT_NUMBERED_ROWS rows. */
  profileSorts?: readonly string[];
  /** By number only within this many rows instead of NUMBERED_PAGES_ROWS (the money tables: MONEY_NUMBERED_ROWS). */
  numberedRows?: number;
}

/** The accounts lists' "suspended or not" filter. */
export const SUSPENDED_FILTER: FilterSpec = {
  name: 'suspended',
  label: 'admin.filter.suspended',
  kind: 'select',
  options: [
    { value: 'no', label: 'admin.filter.suspended.no' },
    { value: 'yes', label: 'admin.filter.suspended.yes' },
  ],
};

export interface TableState {
  /** 1-based, as in the URL and the API. */
  page: number;
  pageSize: number;
  sort: string;
  order: Order;
  filters: Record<string, string>;
}

export const PAGE_SIZES = PAYOUTS_PAGE_SIZES;
const DEFAULT_PAGE_SIZE = 25;
const RUNTIME_OPTION = /^[a-z0-9_-]{1,50}$/;

function validFilter(spec: FilterSpec, raw: string | null): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (spec.kind !== 'select') return value.slice(0, spec.maxLength ?? 100);
  if (spec.options) return spec.options.some((option) => option.value === value) ? value : undefined;
  return RUNTIME_OPTION.test(value) ? value : undefined;
}

/** The table's state from the URL (`?page=2&sort=email&order=asc&role=brand`); anything unknown is dropped. */
export function readTableState(spec: TableSpec, params: URLSearchParams): TableState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const value = validFilter(filter, params.get(filter.name));
    if (value !== undefined) filters[filter.name] = value;
  }
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: spec.sortFields.includes(sort) ? sort : spec.defaultSort,
    order: order === 'asc' || order === 'desc' ? order : spec.defaultOrder,
    filters,
  };
}

/** The URL for a state, defaults left out. */
export function writeTableState(spec: TableSpec, state: TableState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.sort !== spec.defaultSort) params.set('sort', state.sort);
  if (state.order !== spec.defaultOrder) params.set('order', state.order);
  for (const filter of spec.filters) {
    const value = state.filters[filter.name];
    if (value) params.set(filter.name, value);
  }
  return params;
}

/** The sort and filters as the API's query (for `/export`: every filtered row, no paging). */
export function exportQuery(spec: TableSpec, state: TableState): URLSearchParams {
  const params = new URLSearchParams({ sort: state.sort, order: state.order });
  for (const filter of spec.filters) {
    const value = state.filters[filter.name];
    if (value) params.set(filter.name, value);
  }
  return params;
}

/** The table's state, kept in the URL so it survives reloads and can be linked to. */
export function useTableState(spec: TableSpec) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readTableState(spec, params), [spec, params]);
  const update = useCallback(
    (change: Partial<TableState>, options: { replace?: boolean } = {}) => {
      const next = writeTableState(spec, { ...state, ...change });
      if (next.toString() === writeTableState(spec, state).toString()) return false;
      setParams(next, { replace: options.replace ?? false });
      return true;
    },
    [spec, state, setParams],
  );
  return { state, update };
}
