import type { BaseRecord, DataProvider } from '@refinedev/core';
import { apiFetch } from '../lib/api-fetch';

interface Page<T> {
  data: T[];
  total: number;
  /** Past the API's exact-count limit `total` is the planner's estimate (ADR 036). */
  totalIsEstimate?: boolean;
}

/**
 * Lists page, sort and filter on the server: `?page=&pageSize=&sort=&order=&<field>=<value>`.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: async ({ resource, pagination, sorters, filters }) => {
    const query = new URLSearchParams();
    if (pagination?.mode !== 'off') {
      query.set('page', String(pagination?.currentPage ?? 1));
      query.set('pageSize', String(pagination?.pageSize ?? 25));
    }
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
    const page = await apiFetch<Page<BaseRecord>>(`/api/${resource}?${query}`);
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
