import Science from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { darken, lighten } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useMemo } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { useSession } from '../../providers/session';
import { ResendVerificationButton } from '../auth/resend-verification-button';
import { RoleOnly } from '../auth/role-only';
import { PageLoader } from '../layout/page-loader';
import type { DiscoveryStatus } from './types';
import { budgetText, StatusContext, useDiscoveryFormat, useStatusQuery } from './use-discovery';

const SECTIONS: { to: string; label: MessageKey; end?: boolean }[] = [
  { to: '/discovery', label: 'discovery.sections.search', end: true },
  { to: '/discovery/overlap', label: 'discovery.sections.overlap' },
  { to: '/discovery/performance', label: 'discovery.sections.performance' },
  { to: '/discovery/emails', label: 'discovery.sections.emails' },
  { to: '/discovery/raw', label: 'discovery.sections.raw' },
];

/** Sample-data badge, credits left and today's spend: what every discovery call is weighed against. */
function StatusStrip({ status, error }: { status: DiscoveryStatus | undefined; error: unknown }) {
  const t = useT();
  const format = useDiscoveryFormat();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        px: 2,
        py: 1,
        mb: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      {status?.sample ? (
        <Chip
          icon={<Science />}
          label={t('discovery.status.sample')}
          size="small"
          variant="outlined"
          // The theme's warning colours on white are too faint for text; these are the warning alert's.
          sx={(theme) => ({
            fontWeight: 600,
            borderColor: 'warning.main',
            bgcolor: lighten(theme.palette.warning.light, 0.85),
            color: darken(theme.palette.warning.dark, 0.5),
            '& .MuiChip-icon': { color: 'inherit' },
          })}
        />
      ) : null}
      {status ? (
        <>
          <Typography variant="body2">
            {status.account
              ? t('discovery.status.left', {
                  credits: format.credits(status.account.credits),
                  raw: format.number(status.account.rawRequests),
                })
              : t('discovery.status.leftUnknown')}
          </Typography>
          <Typography variant="body2">
            {t('discovery.status.today', {
              credits: format.credits(status.today.credits),
              raw: format.number(status.today.rawRequests),
            })}
            {status.dailyCreditCap === null || status.dailyRawCap === null
              ? null
              : ` ${t('discovery.status.cap', {
                  cap: format.credits(status.dailyCreditCap),
                  raw: format.number(status.dailyRawCap),
                })}`}
          </Typography>
          {status.budget ? <Typography variant="body2">{budgetText(t, format, status)}</Typography> : null}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {error ? t('discovery.status.unavailable') : t('app.loading')}
        </Typography>
      )}
    </Box>
  );
}

function SectionNav() {
  const t = useT();
  return (
    <Box component="nav" aria-label={t('discovery.sections.label')} sx={{ mb: 3, overflowX: 'auto' }}>
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {SECTIONS.map((section) => (
          <Box component="li" key={section.to}>
            <Button
              component={NavLink}
              to={section.to}
              end={section.end}
              size="small"
              sx={{ whiteSpace: 'nowrap', '&.active': { bgcolor: 'action.selected' } }}
            >
              {t(section.label)}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function DiscoveryFrame() {
  const { status, error, refetch } = useStatusQuery(true);
  const refresh = useCallback(() => void refetch(), [refetch]);
  const value = useMemo(() => ({ status, refresh }), [status, refresh]);
  return (
    <StatusContext value={value}>
      <StatusStrip status={status} error={error} />
      <SectionNav />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </StatusContext>
  );
}

/** What an account with an unconfirmed address sees instead: the API refuses it (email_not_verified). */
function VerifyFirst({ email }: { email: string }) {
  const t = useT();
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('discovery.verifyFirst.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('discovery.verifyFirst.body', { email })}
      </Typography>
      <ResendVerificationButton variant="outlined" color="inherit" size="small" />
    </Alert>
  );
}

/**
 * The frame of every discovery screen (brands and admins only): status strip, section links and
 * the screen. Other roles get the same answer the API gives them: not for you; so does an account
 * whose e-mail address is not confirmed yet, since discovery spends the provider's credits.
 */
export function DiscoveryLayout() {
  const { data } = useSession();
  if (!data) return <PageLoader />;
  return (
    <RoleOnly allow={['brand', 'admin']} note="discovery.onlyBrands">
      {data.user.emailVerified ? <DiscoveryFrame /> : <VerifyFirst email={data.user.email} />}
    </RoleOnly>
  );
}
