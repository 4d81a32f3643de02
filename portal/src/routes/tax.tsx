import Gavel from '@mui/icons-material/Gavel';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { MessageKey } from '../providers/i18n-provider';
import type { NavItem } from './nav';

const TaxSettingsPage = lazyNamed(() => import('../pages/tax/settings'), 'TaxSettingsPage');
const TaxStatementPage = lazyNamed(() => import('../pages/tax/statement'), 'TaxStatementPage');
const AdminEmployerReportPage = lazyNamed(
  () => import('../pages/admin/tax/employer-report'),
  'AdminEmployerReportPage',
);

/** The tax area's routes (ADR 028), mounted inside the signed-in layout (see app.tsx). */
export const taxRoutes = (
  <>
    <Route path="tax" element={<TaxSettingsPage />} />
    <Route path="tax/statement" element={<TaxStatementPage />} />
    <Route path="admin/employer-report" element={<AdminEmployerReportPage />} />
  </>
);

export const taxNav: NavItem[] = [{ to: '/tax', label: 'tax.nav.settings', icon: <Gavel />, roles: ['creator'] }];

/** The admin start page's entry for the employer declaration. */
export const adminTaxSections: { to: string; title: MessageKey; body: MessageKey; icon: ReactNode }[] = [
  { to: '/admin/employer-report', title: 'tax.report.title', body: 'tax.report.homeBody', icon: <ReceiptLong /> },
];
