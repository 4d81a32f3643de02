import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const AdminHomePage = lazyNamed(() => import('../pages/admin/index'), 'AdminHomePage');
const AdminUsersPage = lazyNamed(() => import('../pages/admin/users/list'), 'AdminUsersPage');
const AdminClaimsPage = lazyNamed(() => import('../pages/admin/claims/list'), 'AdminClaimsPage');
const AdminBrandsPage = lazyNamed(() => import('../pages/admin/brands/list'), 'AdminBrandsPage');
const AdminCreatorsPage = lazyNamed(() => import('../pages/admin/creators/list'), 'AdminCreatorsPage');
const AdminCampaignsPage = lazyNamed(() => import('../pages/admin/campaigns/list'), 'AdminCampaignsPage');
const AdminSubscribersPage = lazyNamed(() => import('../pages/admin/subscribers/list'), 'AdminSubscribersPage');
const AdminDeletionRequestsPage = lazyNamed(
  () => import('../pages/admin/deletion-requests/list'),
  'AdminDeletionRequestsPage',
);
const AdminProviderUsagePage = lazyNamed(() => import('../pages/admin/provider-usage/list'), 'AdminProviderUsagePage');
const AdminAuditLogPage = lazyNamed(() => import('../pages/admin/audit-log/list'), 'AdminAuditLogPage');
const AdminFailedJobsPage = lazyNamed(() => import('../pages/admin/failed-jobs/list'), 'AdminFailedJobsPage');
const AdminAdLabelsPage = lazyNamed(() => import('../pages/admin/ad-labels/list'), 'AdminAdLabelsPage');
const AdminResultsPage = lazyNamed(() => import('../pages/admin/results/list'), 'AdminResultsPage');

/**
 * The admin console's routes, mounted inside the signed-in layout (see app.tsx). The payouts queue
 * (`/admin/withdrawals`) belongs to the money area's routes.
 */
export const adminRoutes = (
  <>
    <Route path="admin" element={<AdminHomePage />} />
    <Route path="admin/users" element={<AdminUsersPage />} />
    <Route path="admin/brands" element={<AdminBrandsPage />} />
    <Route path="admin/creators" element={<AdminCreatorsPage />} />
    <Route path="admin/campaigns" element={<AdminCampaignsPage />} />
    <Route path="admin/claims" element={<AdminClaimsPage />} />
    <Route path="admin/subscribers" element={<AdminSubscribersPage />} />
    <Route path="admin/deletion-requests" element={<AdminDeletionRequestsPage />} />
    <Route path="admin/audit-log" element={<AdminAuditLogPage />} />
    <Route path="admin/provider-usage" element={<AdminProviderUsagePage />} />
    <Route path="admin/failed-jobs" element={<AdminFailedJobsPage />} />
    <Route path="admin/ad-labels" element={<AdminAdLabelsPage />} />
    <Route path="admin/results" element={<AdminResultsPage />} />
  </>
);

export const adminNav: NavItem[] = [
  { to: '/admin', label: 'admin.nav.admin', icon: <AdminPanelSettings />, roles: ['admin'] },
];
