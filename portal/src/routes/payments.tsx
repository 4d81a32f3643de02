import AccountBalance from '@mui/icons-material/AccountBalance';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const PayPage = lazyNamed(() => import('../pages/billing/pay'), 'PayPage');
const PaymentReturnPage = lazyNamed(() => import('../pages/billing/payment-return'), 'PaymentReturnPage');
const BillingPage = lazyNamed(() => import('../pages/billing/billing'), 'BillingPage');
const AdminPaymentsPage = lazyNamed(() => import('../pages/admin/payments/list'), 'AdminPaymentsPage');
const AdminEscrowPage = lazyNamed(() => import('../pages/admin/escrow/list'), 'AdminEscrowPage');

/** Brand payments (ADR 024): the payment step, the 3-D Secure return, billing, and the admin tables. */
export const paymentRoutes = (
  <>
    <Route path="campaigns/:id/pay" element={<PayPage />} />
    <Route path="billing" element={<BillingPage />} />
    <Route path="billing/payments/:id" element={<PaymentReturnPage />} />
    <Route path="admin/payments" element={<AdminPaymentsPage />} />
    <Route path="admin/escrow" element={<AdminEscrowPage />} />
  </>
);

export const paymentNav: NavItem[] = [
  { to: '/billing', label: 'payments.nav.billing', icon: <ReceiptLong />, roles: ['brand'] },
];

export const adminPaymentSections = [
  {
    to: '/admin/payments',
    title: 'payments.admin.payments.title',
    body: 'payments.admin.homePayments',
    icon: <ReceiptLong />,
  },
  {
    to: '/admin/escrow',
    title: 'payments.admin.escrow.title',
    body: 'payments.admin.homeEscrow',
    icon: <AccountBalance />,
  },
] as const;
