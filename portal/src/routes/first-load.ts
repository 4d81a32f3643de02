/**
 * What the server tells the browser to fetch with a signed-in page's HTML (ADR 034): the page's own
 * modules, by the address's pattern (React Router's syntax: `:param` is one segment). The build
 * (vite.config.ts) turns each module into its chunk and the chunks it imports, into
 * `dist/.vite/first-load.json`, which the API reads to add `<link rel="modulepreload">` for them.
 * A page missing here still works; its chunk is fetched after the route table's, one hop later.
 * Plain data, as the build reads it too; the routes themselves are in `routes/*.tsx`.
 */
export const FIRST_LOAD_PAGES: readonly { path: string; modules: readonly string[] }[] = [
  { path: '/account', modules: ['src/pages/account/manage.tsx'] },
  { path: '/campaigns', modules: ['src/pages/campaigns/list.tsx'] },
  { path: '/campaigns/:id', modules: ['src/pages/campaigns/show.tsx'] },
  { path: '/invitations', modules: ['src/pages/invitations/list.tsx'] },
  { path: '/claims', modules: ['src/pages/claims/list.tsx'] },
  { path: '/claims/:id', modules: ['src/pages/claims/show.tsx'] },
  { path: '/brand/campaigns', modules: ['src/pages/brand/campaigns/list.tsx'] },
  { path: '/brand/campaigns/:id', modules: ['src/pages/brand/campaigns/show.tsx'] },
  { path: '/earnings', modules: ['src/pages/earnings/earnings.tsx'] },
  { path: '/billing', modules: ['src/pages/billing/billing.tsx'] },
  { path: '/discovery', modules: ['src/components/discovery/discovery-layout.tsx', 'src/pages/discovery/search.tsx'] },
  { path: '/notifications', modules: ['src/pages/notifications/notifications-page.tsx'] },
  { path: '/admin', modules: ['src/pages/admin/index.tsx'] },
  { path: '/admin/users', modules: ['src/pages/admin/users/list.tsx'] },
  { path: '/admin/brands', modules: ['src/pages/admin/brands/list.tsx'] },
  { path: '/admin/creators', modules: ['src/pages/admin/creators/list.tsx'] },
  { path: '/admin/campaigns', modules: ['src/pages/admin/campaigns/list.tsx'] },
  { path: '/admin/claims', modules: ['src/pages/admin/claims/list.tsx'] },
];
