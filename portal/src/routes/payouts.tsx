import AccountBalance from '@mui/icons-material/AccountBalance';
import Block from '@mui/icons-material/Block';
import FactCheck from '@mui/icons-material/FactCheck';
import UploadFile from '@mui/icons-material/UploadFile';
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { MessageKey } from '../providers/i18n-provider';

const BatchesPage = lazyNamed(() => import('../pages/admin/payouts/batches'), 'AdminPayoutBatchesPage');
const PayoutsPage = lazyNamed(() => import('../pages/admin/payouts/list'), 'AdminPayoutsPage');
const AnswersPage = lazyNamed(() => import('../pages/admin/payouts/answers'), 'AdminPayoutAnswersPage');
const BlockedPage = lazyNamed(() => import('../pages/admin/payouts/blocked'), 'AdminBlockedPayeesPage');

/** The payout rails' admin pages (ADR 029), mounted inside the signed-in layout. */
export const payoutRoutes = (
  <>
    <Route path="admin/payout-batches" element={<BatchesPage />} />
    <Route path="admin/payouts" element={<PayoutsPage />} />
    <Route path="admin/payout-answers" element={<AnswersPage />} />
    <Route path="admin/payouts/blocked" element={<BlockedPage />} />
  </>
);

/** The payout rails' cards on the admin start page. */
export const adminPayoutSections: { to: string; title: MessageKey; body: MessageKey; icon: ReactNode }[] = [
  {
    to: '/admin/payout-batches',
    title: 'payouts.batches.title',
    body: 'payouts.home.batches',
    icon: <AccountBalance />,
  },
  { to: '/admin/payouts', title: 'payouts.list.title', body: 'payouts.home.status', icon: <FactCheck /> },
  { to: '/admin/payout-answers', title: 'payouts.answers.title', body: 'payouts.home.answers', icon: <UploadFile /> },
  { to: '/admin/payouts/blocked', title: 'payouts.blocked.title', body: 'payouts.home.blocked', icon: <Block /> },
];
