import type { BaseRecord, DataProvider } from '@refinedev/core';
import { apiFetch } from '../lib/api-fetch';
import { pageCursors } from '../lib/page-cursors';

export interface Page<T> {
  data: T[];
  total: number;
  /** Past the API's exact-count limit `total` is the planner's estimate (ADR 036). */
  totalIsEstimate?: boolean;
  /** Lists with keyset pages: the cursor of the page after this one (ADR 036). */
  nextCursor?: string | null;
}

/** The page size a list asks for when it names none (the API's default too). */
const DEFAULT_PAGE_SIZE = 25;

type ListParams = Pick<Parameters<DataProvider['getList']>[0], 'resource' | 'pagination' | 'sorters' | 'filters'>;

/**
 * A list page's API path, and the remembered cursors of its list shape (resource, sort, filters,
 * page size) when it pages: page N+1 is asked for with page N's `nextCursor` (ADR 036).
 */
function listRequest({ resource, pagination, sorters, filters }: ListParams) {
  const query = new URLSearchParams();
  const paged = pagination?.mode !== 'off';
  const pageNumber = pagination?.currentPage ?? 1;
  if (paged) query.set('pageSize', String(pagination?.pageSize ?? DEFAULT_PAGE_SIZE));
  const sorter = sorters?.[0];
  if (sorter) {
    query.set('sort', sorter.field);
    query.set('order', sorter.order);
  }
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.value !== undefined && filter.value !== '') {
      query.set(filter.field, String(filter.value));
    }
  }
  const pages = paged ? pageCursors(`${resource}?${query}`) : null;
  if (paged) query.set('page', String(pageNumber));
  const cursor = pages?.get(pageNumber - 1);
  if (cursor) query.set('cursor', cursor);
  return { path: `/api/${resource}?${query}`, pages, pageNumber, cursor };
}

/**
 * Whether the API will serve this page: by number only within the first `numberedRows` rows (the
 * admin tables with keyset pages, ADR 036), further in only with the previous page's cursor, which
 * this tab has when it paged there (not after a reload of such a page's address).
 */
export function pageReachable(params: ListParams, numberedRows: number): boolean {
  const { pageNumber, cursor } = listRequest(params);
  return (pageNumber - 1) * (params.pagination?.pageSize ?? DEFAULT_PAGE_SIZE) < numberedRows || cursor !== undefined;
}

/** The API path a list asks for, as `getList` asks for it. */
export function listPath(params: ListParams): string {
  return listRequest(params).path;
}

/**
 * `getList`'s answer for a page of the list (which remembers the page's cursor for the next):
 * for a page the server rendered with the list's first page (ADR 034), as if asked for here.
 */
export function listResult<T>(params: ListParams, page: Page<T>): { data: T[]; total: number; totalIsEstimate?: true } {
  const { pages, pageNumber } = listRequest(params);
  if (pages && page.nextCursor) pages.set(pageNumber, page.nextCursor);
  return { data: page.data, total: page.total, ...(page.totalIsEstimate ? { totalIsEstimate: true as const } : {}) };
}

/**
 * Lists page, sort and filter on the server: `?page=&pageSize=&sort=&order=&<field>=<value>`.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: async (params) => {
    const page = await apiFetch<Page<BaseRecord>>(listPath(params));
    const result = listResult(params, page);
    return { ...result, data: result.data as never[] };
  },
  getOne: async ({ resource, id }) => ({ data: await apiFetch(`/api/${resource}/${encodeURIComponent(String(id))}`) }),
  create: async ({ resource, variables }) => ({
    data: await apiFetch(`/api/${resource}`, { method: 'POST', json: variables }),
  }),
  update: async ({ resource, id, variables }) => ({
    data: await apiFetch(`/api/${resource}/${encodeURIComponent(String(id))}`, { method: 'PATCH', json: variables }),
  }),
  // For the RPC-style routes (`/api/user/get/{id}`): the body is returned as is, usually `{ data }`.
  custom: async ({ url, method, payload }) => ({
    data: await apiFetch(url, {
      method: method.toUpperCase(),
      ...(payload !== undefined && method !== 'get' ? { json: payload } : {}),
    }),
  }),
  deleteOne: async ({ resource, id }) => ({
    data: await apiFetch(`/api/${resource}/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
  }),
};
