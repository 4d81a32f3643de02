import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { PageLoader } from '../../components/layout/page-loader';
import { useOneTimeRequest } from '../../hooks/use-one-time-request';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { errorText, fieldCodes } from '../../lib/error-text';
import { loadSession, useSession } from '../../providers/session';

async function confirm(token: string) {
  if (!token) throw new Error('missing token');
  await apiFetch(`${AUTH_BASE}/confirm-email-change`, { method: 'POST', json: { token } });
  await loadSession({ force: true, broadcast: true });
}

/** Confirms a new e-mail address from the link sent to it. */
export function ConfirmEmailChangePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useOneTimeRequest(`confirm-email-change:${token}`, () => confirm(token));
  const { data } = useSession();
  const next = data
    ? { to: '/account', label: t('auth.emailChange.toAccount') }
    : { to: '/login', label: t('auth.register.toSignIn') };

  if (result.status === 'pending') {
    return (
      <AuthLayout title={t('auth.emailChange.pendingTitle')}>
        <PageLoader />
      </AuthLayout>
    );
  }
  const isInvalid = result.status === 'error' && (!token || fieldCodes(result.error, 'token').length > 0);
  const title =
    result.status === 'success'
      ? t('auth.emailChange.successTitle')
      : isInvalid
        ? t('auth.emailChange.invalidTitle')
        : t('auth.verify.failedTitle');
  const body =
    result.status === 'success'
      ? t('auth.emailChange.successBody')
      : isInvalid
        ? t('auth.emailChange.invalidBody')
        : errorText(t, result.error);
  return (
    <AuthLayout title={title}>
      <Typography role={result.status === 'success' ? 'status' : 'alert'} sx={{ mb: 3 }}>
        {body}
      </Typography>
      <Button component={RouterLink} to={next.to} variant="contained" size="large" fullWidth>
        {next.label}
      </Button>
    </AuthLayout>
  );
}
