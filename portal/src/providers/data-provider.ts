import type { BaseRecord, DataProvider } from '@refinedev/core';
import { apiFetch } from '../lib/api-fetch';

interface Page<T> {
  data: T[];
  total: number;
  /** Past the API's exact-count limit `total` is the planner's estimate (ADR 036). */
  totalIsEstimate?: boolean;
  /** Lists with keyset pages: the cursor of the page after this one (ADR 036). */
  nextCursor?: string | null;
}

/** List shapes (resource, sort and filters) whose cursors are remembered; the oldest is forgotten first. */
const SHAPES_KEPT = 20;
/**
 * The `nextCursor` each list page answered, per list shape and page number. "Next page" then sends
 * the cursor of the page before it, which the API answers as cheaply on page 1,000 as on page 1;
 * a jump to a page not reached by paging forward still asks by page number (OFFSET).
 */
const cursors = new Map<string, Map<number, string>>();

function cursorsOf(shape: string): Map<number, string> {
  let pages = cursors.get(shape);
  if (pages) cursors.delete(shape);
  else pages = new Map();
  cursors.set(shape, pages);
  for (const oldest of cursors.keys()) {
    if (cursors.size <= SHAPES_KEPT) break;
    cursors.delete(oldest);
  }
  return pages;
}

/**
 * Lists page, sort and filter on the server: `?page=&pageSize=&sort=&order=&<field>=<value>`.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: async ({ resource, pagination, sorters, filters }) => {
    const query = new URLSearchParams();
    const paged = pagination?.mode !== 'off';
    const pageNumber = pagination?.currentPage ?? 1;
    if (paged) query.set('pageSize', String(pagination?.pageSize ?? 25));
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
    const pages = paged ? cursorsOf(`${resource}?${query}`) : null;
    if (paged) query.set('page', String(pageNumber));
    const cursor = pages?.get(pageNumber - 1);
    if (cursor) query.set('cursor', cursor);
    const page = await apiFetch<Page<BaseRecord>>(`/api/${resource}?${query}`);
    if (pages && page.nextCursor) pages.set(pageNumber, page.nextCursor);
    return {
      data: page.data as never[],
      total: page.total,
      ...(page.totalIsEstimate ? { totalIsEstimate: true } : {}),
    };
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
