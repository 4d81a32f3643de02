import CreditCard from '@mui/icons-material/CreditCard';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ResendVerificationButton } from '../components/auth/resend-verification-button';
import { AdminHome } from '../components/home/admin-home';
import { BrandHome } from '../components/home/brand-home';
import { CreatorHome } from '../components/home/creator-home';
import { PageHeader } from '../components/layout/page-header';
import { PageLoader } from '../components/layout/page-loader';
import { useHome } from '../hooks/use-home';
import { useT } from '../hooks/use-t';
import type { Role } from '../lib/auth-client';
import { errorText } from '../lib/error-text';
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

/** The account screens every role reaches from its home (the to-dos above link to the rest). */
function Shortcuts({ role }: { role: Role }) {
  const t = useT();
  const cards = CARDS.filter((card) => !card.creatorsOnly || role === 'creator');
  return (
    <Box component="section" aria-labelledby="home-shortcuts" sx={{ mt: 4 }}>
      <Typography id="home-shortcuts" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('home.shortcuts')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {cards.map((card) => (
          <li key={card.to}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent sx={{ display: 'flex', gap: 2 }}>
                  <Box sx={{ color: 'primary.main', pt: 0.25 }} aria-hidden>
                    {card.icon}
                  </Box>
                  <Box>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {t(card.title)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(card.body)}
                    </Typography>
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The role's home from `GET /api/home`: a spinner while it loads, the failure with a retry. */
function RoleHome() {
  const t = useT();
  const { data, error, isLoading, reload } = useHome();
  if (isLoading) return <PageLoader />;
  if (!data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {t('home.retry')}
          </Button>
        }
      >
        {t('home.error', { reason: errorText(t, error) })}
      </Alert>
    );
  }
  if (data.role === 'creator') return <CreatorHome data={data} />;
  if (data.role === 'brand') return <BrandHome data={data} />;
  return <AdminHome data={data} />;
}

/**
 * The start page (ADR 037): a greeting, the verify-your-address banner, what the user's role has
 * to do now, and shortcuts to the account screens. It is on the first-load path (ADR 034), so it
 * uses no Refine and no data grid.
 */
export function DashboardPage() {
  const t = useT();
  const { data } = useSession();
  if (!data) return null;
  const { user } = data;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  // An admin without two-factor is refused by the API (the frame's banner says why and links to it).
  const hasHome = user.role !== 'admin' || user.twoFactor;
  return (
    <>
      <PageHeader title={t('dashboard.greeting', { name: firstName })} intro={t(`home.intro.${user.role}`)} />
      {user.emailVerified ? null : (
        <Alert severity="warning" sx={{ mb: 3, '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{t('dashboard.unverified.title')}</AlertTitle>
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            {t('dashboard.unverified.body', { email: user.email })}
          </Typography>
          <ResendVerificationButton variant="outlined" color="inherit" size="small" />
        </Alert>
      )}
      {hasHome ? <RoleHome /> : null}
      <Shortcuts role={user.role} />
    </>
  );
}
