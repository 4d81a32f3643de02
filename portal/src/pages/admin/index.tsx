import AccountBalance from '@mui/icons-material/AccountBalance';
import Campaign from '@mui/icons-material/Campaign';
import DataUsage from '@mui/icons-material/DataUsage';
import DeleteForever from '@mui/icons-material/DeleteForever';
import Diversity3 from '@mui/icons-material/Diversity3';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import FactCheck from '@mui/icons-material/FactCheck';
import GppMaybe from '@mui/icons-material/GppMaybe';
import History from '@mui/icons-material/History';
import Insights from '@mui/icons-material/Insights';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Storefront from '@mui/icons-material/Storefront';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { adminPaymentSections } from '../../routes/payments';
import { adminPayoutSections } from '../../routes/payouts';
import { adminTaxSections } from '../../routes/tax';

const SECTIONS: { to: string; title: MessageKey; body: MessageKey; icon: ReactNode }[] = [
  { to: '/admin/users', title: 'admin.users.title', body: 'admin.home.users', icon: <People /> },
  { to: '/admin/brands', title: 'admin.brands.title', body: 'admin.home.brands', icon: <Storefront /> },
  { to: '/admin/creators', title: 'admin.creators.title', body: 'admin.home.creators', icon: <Diversity3 /> },
  { to: '/admin/campaigns', title: 'admin.campaigns.title', body: 'admin.home.campaigns', icon: <Campaign /> },
  { to: '/admin/claims', title: 'admin.claims.title', body: 'admin.home.claims', icon: <FactCheck /> },
  {
    to: '/admin/results',
    title: 'results.admin.results.title',
    body: 'results.admin.results.home',
    icon: <Insights />,
  },
  {
    to: '/admin/ad-labels',
    title: 'results.admin.adLabels.title',
    body: 'results.admin.adLabels.home',
    icon: <GppMaybe />,
  },
  { to: '/admin/withdrawals', title: 'admin.home.payoutsTitle', body: 'admin.home.payouts', icon: <Payments /> },
  ...adminPayoutSections,
  ...adminPaymentSections,
  { to: '/admin/invoices', title: 'admin.invoices.title', body: 'admin.home.invoices', icon: <ReceiptLong /> },
  { to: '/admin/bank-files', title: 'admin.bankFiles.title', body: 'admin.home.bankFiles', icon: <UploadFile /> },
  { to: '/admin/sie', title: 'admin.sie.title', body: 'admin.home.sie', icon: <AccountBalance /> },
  ...adminTaxSections,
  {
    to: '/admin/subscribers',
    title: 'admin.subscribers.title',
    body: 'admin.home.subscribers',
    icon: <MarkEmailRead />,
  },
  {
    to: '/admin/deletion-requests',
    title: 'admin.deletions.title',
    body: 'admin.home.deletions',
    icon: <DeleteForever />,
  },
  { to: '/admin/audit-log', title: 'admin.audit.title', body: 'admin.home.audit', icon: <History /> },
  { to: '/admin/failed-jobs', title: 'jobs.title', body: 'jobs.home', icon: <ErrorOutline /> },
  {
    to: '/admin/provider-usage',
    title: 'admin.providerUsage.title',
    body: 'admin.home.providerUsage',
    icon: <DataUsage />,
  },
];

/** Admins: the console's start page, a link to every table. */
export function AdminHomePage() {
  const t = useT();
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <PageHeader title={t('admin.home.title')} intro={t('admin.home.intro')} />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={section.to} sx={{ height: '100%', p: 2.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1, color: 'primary.main' }}>
                  {section.icon}
                  <Typography component="h2" variant="h6" color="text.primary">
                    {t(section.title)}
                  </Typography>
                </Box>
                <Typography color="text.secondary">{t(section.body)}</Typography>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </RoleOnly>
  );
}
