import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Payments from '@mui/icons-material/Payments';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const EarningsPage = lazyNamed(() => import('../pages/earnings/earnings'), 'EarningsPage');
const AdminWithdrawalsPage = lazyNamed(() => import('../pages/admin/withdrawals/list'), 'AdminWithdrawalsPage');

/**
 * The money area's routes, mounted inside the signed-in layout (see app.tsx). `/withdrawal`
 * (pages/creator/withdrawal.tsx) is mounted by app.tsx itself.
 */
export const moneyRoutes = (
  <>
    <Route path="earnings" element={<EarningsPage />} />
    <Route path="admin/withdrawals" element={<AdminWithdrawalsPage />} />
  </>
);

export const moneyNav: NavItem[] = [
  { to: '/earnings', label: 'money.nav.earnings', icon: <AccountBalanceWallet />, roles: ['creator'] },
  { to: '/admin/withdrawals', label: 'money.nav.payouts', icon: <Payments />, roles: ['admin'] },
];
