import { Navigate, Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const AdminInvoicesPage = lazyNamed(() => import('../pages/admin/invoices/list'), 'AdminInvoicesPage');
const AdminBankFilesPage = lazyNamed(() => import('../pages/admin/bank-files/upload'), 'AdminBankFilesPage');
const AdminSiePage = lazyNamed(() => import('../pages/admin/sie/export'), 'AdminSiePage');

/** Billing's admin routes (invoices, bank files, SIE) and the old brand address `/invoices`, mounted inside the signed-in layout. */
export const billingRoutes = (
  <>
    {/* The brand's invoices are on the billing page (payments' `<BillingInvoicesSlot />`). */}
    <Route path="invoices" element={<Navigate to="/billing" replace />} />
    <Route path="admin/invoices" element={<AdminInvoicesPage />} />
    <Route path="admin/bank-files" element={<AdminBankFilesPage />} />
    <Route path="admin/sie" element={<AdminSiePage />} />
  </>
);

/** Billing adds no entry of its own: brands reach it through payments' "Billing" page. */
export const billingNav: NavItem[] = [];
