import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import CreditCard from '@mui/icons-material/CreditCard';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ResendVerificationButton } from '../components/auth/resend-verification-button';
import { PageHeader } from '../components/layout/page-header';
import { useT } from '../hooks/use-t';
import type { MessageKey } from '../providers/i18n-provider';
import { useSession } from '../providers/session';

interface LinkCard {
  to: string;
  icon: ReactNode;
  title: MessageKey;
  body: MessageKey;
  creatorsOnly?: boolean;
}

const CARDS: LinkCard[] = [
  {
    to: '/profile',
    icon: <Person />,
    title: 'dashboard.cards.profile.title',
    body: 'dashboard.cards.profile.body',
    creatorsOnly: true,
  },
  {
    to: '/withdrawal',
    icon: <AccountBalanceWallet />,
    title: 'dashboard.cards.withdrawal.title',
    body: 'dashboard.cards.withdrawal.body',
    creatorsOnly: true,
  },
  {
    to: '/account',
    icon: <ManageAccounts />,
    title: 'dashboard.cards.account.title',
    body: 'dashboard.cards.account.body',
  },
  {
    to: '/payment-methods',
    icon: <CreditCard />,
    title: 'dashboard.cards.paymentMethods.title',
    body: 'dashboard.cards.paymentMethods.body',
  },
];

/** The user dashboard: greeting, a verify-your-address banner, and links to the account screens. */
export function DashboardPage() {
  const t = useT();
  const { data } = useSession();
  if (!data) return null;
  const { user } = data;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const cards = CARDS.filter((card) => !card.creatorsOnly || user.role === 'creator');
  return (
    <>
      <PageHeader title={t('dashboard.greeting', { name: firstName })} intro={t('dashboard.intro')} />
      {user.emailVerified ? null : (
        <Alert severity="warning" sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{t('dashboard.unverified.title')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('dashboard.unverified.body', { email: user.email })}
          </Typography>
          <ResendVerificationButton variant="outlined" color="inherit" size="small" />
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={t('dashboard.linksLabel')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {cards.map((card) => (
          <li key={card.to}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <Box sx={{ color: 'primary.main', pt: 0.25 }} aria-hidden>
                    {card.icon}
                  </Box>
                  <Box>
                    <Typography component="h2" variant="h6">
                      {t(card.title)}
                    </Typography>
                    <Typography color="text.secondary">{t(card.body)}</Typography>
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </>
  );
}
