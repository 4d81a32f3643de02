import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { type ComponentType, lazy } from 'react';
import { Route } from 'react-router';
import type { NavItem } from './nav';

/** Each page is its own chunk (the admin tables bring the data grid), so sign-in stays small. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const InvoicesPage = lazyNamed(() => import('../pages/invoices/invoices'), 'InvoicesPage');
const AdminInvoicesPage = lazyNamed(() => import('../pages/admin/invoices/list'), 'AdminInvoicesPage');
const AdminBankFilesPage = lazyNamed(() => import('../pages/admin/bank-files/upload'), 'AdminBankFilesPage');
const AdminSiePage = lazyNamed(() => import('../pages/admin/sie/export'), 'AdminSiePage');

/** Billing's routes (invoices, receipts, credit notes, bank files, SIE), mounted inside the signed-in layout. */
export const billingRoutes = (
  <>
    <Route path="invoices" element={<InvoicesPage />} />
    <Route path="admin/invoices" element={<AdminInvoicesPage />} />
    <Route path="admin/bank-files" element={<AdminBankFilesPage />} />
    <Route path="admin/sie" element={<AdminSiePage />} />
  </>
);

export const billingNav: NavItem[] = [
  { to: '/invoices', label: 'billing.nav.invoices', icon: <ReceiptLong />, roles: ['brand'] },
];
