import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useId, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { lazyNamed } from '../../lib/lazy-named';
import { useSession } from '../../providers/session';
import { ReauthGate } from '../auth/reauth-gate';
import { NotificationBell } from '../notifications/notification-bell';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './bottom-nav';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { MainNav } from './main-nav';
import { PageLoader } from './page-loader';
import { UserMenu } from './user-menu';

// The drawer (MUI's Drawer, Modal, focus trap) loads on the first tap of the menu button.
const NavDrawer = lazyNamed(() => import('./nav-drawer'), 'NavDrawer');

/**
 * The signed-in frame: app bar (logo, language, user menu), the page in a `main` landmark, and the
 * password confirmation sensitive changes ask for. Below MUI's `md` breakpoint the area links move
 * into a drawer (menu button) and a bottom bar (ADR 040).
 */
export function AppLayout() {
  const t = useT();
  const { data } = useSession();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const drawerId = useId();
  const hasNav = Boolean(data);
  // Admins act only with two-factor on (ADR 024): until then every admin page says so and links here.
  const needsTwoFactor = data?.user.role === 'admin' && !data.user.twoFactor && pathname !== '/account';
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        // Room for the bottom bar, so it never covers the end of the page.
        pb: hasNav ? { xs: `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom))`, md: 0 } : 0,
      }}
    >
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
          {hasNav ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.openMenu')}
              aria-controls={drawerOpen ? drawerId : undefined}
              aria-expanded={drawerOpen}
              aria-haspopup="dialog"
              onClick={() => {
                setDrawerLoaded(true);
                setDrawerOpen(true);
              }}
              sx={{ display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <Logo inApp color="inherit" />
          <Box sx={{ flexGrow: 1 }} />
          {/* On phones the language is chosen in the drawer, leaving the bar room for its buttons. */}
          <Box sx={{ display: { xs: hasNav ? 'none' : 'block', md: 'block' } }}>
            <LanguageSwitch onDark />
          </Box>
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
      {hasNav ? <BottomNav /> : null}
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <NavDrawer id={drawerId} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : null}
      <ReauthGate />
    </Box>
  );
}
