import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { ReauthGate } from '../auth/reauth-gate';
import { NotificationBell } from '../notifications/notification-bell';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { PageLoader } from './page-loader';
import { UserMenu } from './user-menu';

/**
 * The signed-in frame: app bar (logo, language, user menu), the page in a `main` landmark, and the
 * password confirmation sensitive changes ask for.
 */
export function AppLayout() {
  const t = useT();
  const { data } = useSession();
  const { pathname } = useLocation();
  // Admins act only with two-factor on (ADR 024): until then every admin page says so and links here.
  const needsTwoFactor = data?.user.role === 'admin' && !data.user.twoFactor && pathname !== '/account';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          p: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('nav.skipToContent')}
      </Link>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          <Logo inApp color="inherit" />
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitch onDark />
          {data ? <NotificationBell /> : null}
          {data ? <UserMenu user={data.user} /> : null}
        </Toolbar>
      </AppBar>
      <MainNav />
      <Container component="main" id="main" tabIndex={-1} maxWidth="md" sx={{ py: { xs: 2, md: 4 }, flexGrow: 1 }}>
        {needsTwoFactor ? (
          <Alert severity="warning" sx={{ mb: 3 }}>
            {t('account.twoFactor.adminBanner')}{' '}
            <Link component={RouterLink} to="/account#two-factor">
              {t('account.twoFactor.adminBannerLink')}
            </Link>
          </Alert>
        ) : null}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <ReauthGate />
    </Box>
  );
}
