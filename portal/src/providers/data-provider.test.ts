import { describe, expect, it } from 'vitest';
import { pageCursors } from '../lib/page-cursors';
import { pageReachable } from './data-provider';

// Which pages an admin table asks the API for (ADR 036): by number within the first rows it
// numbers, further in only with the cursor the page before answered in this tab.
describe('pageReachable', () => {
  const list = (currentPage: number, pageSize = 25) => ({
    resource: 'admin/users',
    pagination: { currentPage, pageSize, mode: 'server' as const },
    sorters: [{ field: 'email', order: 'asc' as const }],
    filters: [{ field: 'role', operator: 'eq' as const, value: 'creator' }],
  });

  it('serves by number the pages that start within the numbered rows', () => {
    expect(pageReachable(list(1), 10_000)).toBe(true);
    expect(pageReachable(list(400), 10_000)).toBe(true);
    expect(pageReachable(list(401), 10_000)).toBe(false);
    expect(pageReachable(list(10, 10), 100)).toBe(true);
    expect(pageReachable(list(11, 10), 100)).toBe(false);
  });

  it('serves a further page once the page before it answered a cursor, in that list shape only', () => {
    pageCursors('admin/users?pageSize=25&sort=email&order=asc&role=creator').set(400, 'cursor-after-400');
    expect(pageReachable(list(401), 10_000)).toBe(true);
    expect(pageReachable(list(402), 10_000)).toBe(false);
    expect(pageReachable({ ...list(401), filters: [] }, 10_000)).toBe(false);
  });
});
