import type { Role } from '../lib/auth-client';

/** The admin tables' grid (MUI's DataGrid), which components/admin/admin-table.tsx loads lazily. */
const ADMIN_GRID = 'src/components/admin/admin-grid.tsx';

/** A page whose first load is prepared, by the address's pattern (React Router's syntax: `:param` is one segment). */
export interface FirstLoadPage {
  path: string;
  /** The page's own modules: the build gives them a chunk of their own (vite.config.ts). */
  modules: readonly string[];
  /** Modules the page loads lazily but shows at once (the admin tables' grid): preloaded, not grouped. */
  lazy?: readonly string[];
  /**
   * The GETs the page makes as it renders, for the address without a query: the exact paths the
   * page asks for, `:param` filled in from the address. The server preloads them with the HTML,
   * main.tsx asks for them next to the page's code (taking the preload), `apiFetch` hands them over.
   */
  data?: readonly string[];
  /** The roles the page's data is for (`RoleOnly` on the page); others would only get a refusal. */
  dataRoles?: readonly Role[];
}

/**
 * What a signed-in page's first load needs (ADR 034). The build (vite.config.ts) turns each
 * page's modules into its chunk and the chunks it imports, into `dist/.vite/first-load.json`, which
 * the API reads to add `<link rel="modulepreload">` for them to the page's HTML; main.tsx starts
 * the page's data. A page missing here still works; its chunk and data come one hop later each.
 * The routes themselves are in `routes/*.tsx`; the build reads this file too.
 */
export const FIRST_LOAD_PAGES: readonly FirstLoadPage[] = [
  { path: '/account', modules: ['src/pages/account/manage.tsx'] },
  {
    path: '/campaigns',
    modules: ['src/pages/campaigns/list.tsx'],
    // pages/campaigns/list.tsx: 12 a page, the first page without a cursor; the filters' categories.
    data: ['/api/campaigns?pageSize=12&page=1', '/api/categories'],
  },
  {
    path: '/campaigns/:id',
    modules: ['src/pages/campaigns/show.tsx'],
    data: ['/api/campaigns/:id', '/api/categories'],
  },
  { path: '/invitations', modules: ['src/pages/invitations/list.tsx'] },
  { path: '/claims', modules: ['src/pages/claims/list.tsx'] },
  { path: '/claims/:id', modules: ['src/pages/claims/show.tsx'] },
  { path: '/brand/campaigns', modules: ['src/pages/brand/campaigns/list.tsx'] },
  { path: '/brand/campaigns/:id', modules: ['src/pages/brand/campaigns/show.tsx'] },
  { path: '/earnings', modules: ['src/pages/earnings/earnings.tsx'] },
  { path: '/billing', modules: ['src/pages/billing/billing.tsx'] },
  {
    path: '/discovery',
    modules: ['src/components/discovery/discovery-layout.tsx', 'src/pages/discovery/search.tsx'],
    data: ['/api/discovery/status'],
    dataRoles: ['brand', 'admin'],
  },
  { path: '/notifications', modules: ['src/pages/notifications/notifications-page.tsx'] },
  { path: '/admin', modules: ['src/pages/admin/index.tsx'] },
  {
    path: '/admin/users',
    modules: ['src/pages/admin/users/list.tsx'],
    lazy: [ADMIN_GRID],
    // components/admin/table-state.ts: 25 a page by default; pages/admin/users/list.tsx: newest first.
    data: ['/api/admin/users?pageSize=25&sort=createdAt&order=desc&page=1'],
    dataRoles: ['admin'],
  },
  { path: '/admin/brands', modules: ['src/pages/admin/brands/list.tsx'], lazy: [ADMIN_GRID] },
  { path: '/admin/creators', modules: ['src/pages/admin/creators/list.tsx'], lazy: [ADMIN_GRID] },
  { path: '/admin/campaigns', modules: ['src/pages/admin/campaigns/list.tsx'], lazy: [ADMIN_GRID] },
  { path: '/admin/claims', modules: ['src/pages/admin/claims/list.tsx'], lazy: [ADMIN_GRID] },
];

/** The home's first GET (pages/dashboard.tsx, hooks/use-home.ts). */
export const HOME_DATA: readonly string[] = ['/api/home'];

/** A data path with the address's parameters filled in (`/api/campaigns/:id` → `/api/campaigns/abc`). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The page's first GETs for a visitor of `role` at an address with these parameters. */
export function firstData(page: FirstLoadPage, params: Record<string, string>, role: Role): string[] {
  if (page.dataRoles && !page.dataRoles.includes(role)) return [];
  return (page.data ?? []).map((template) => fillPath(template, params));
}

/** The page of `FIRST_LOAD_PAGES` an address below /app (`/campaigns/abc`) shows, with its parameters. */
export function firstLoadPage(path: string): { page: FirstLoadPage; params: Record<string, string> } | null {
  const have = path.split('/').filter(Boolean);
  for (const page of FIRST_LOAD_PAGES) {
    const want = page.path.split('/').filter(Boolean);
    if (want.length !== have.length) continue;
    const params: Record<string, string> = {};
    const matches = want.every((part, index) => {
      const value = have[index] ?? '';
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
      return part.startsWith(':') || part === value;
    });
    if (matches) return { page, params };
  }
  return null;
}
