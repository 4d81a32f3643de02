import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { ResendVerificationButton } from '../../components/auth/resend-verification-button';
import { PageLoader } from '../../components/layout/page-loader';
import { useOneTimeRequest } from '../../hooks/use-one-time-request';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { errorText, fieldCodes } from '../../lib/error-text';
import { loadSession, useSession } from '../../providers/session';

/** Posts the link's token; the API marks the address verified and signs the user in. */
async function verify(token: string) {
  if (!token) throw new Error('missing token');
  await apiFetch(`${AUTH_BASE}/verify-email`, { method: 'POST', json: { token } });
  return loadSession({ force: true, broadcast: true });
}

export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useOneTimeRequest(`verify-email:${token}`, () => verify(token));
  const session = useSession();

  if (result.status === 'pending') {
    return (
      <AuthLayout title={t('auth.verify.pendingTitle')}>
        <PageLoader />
      </AuthLayout>
    );
  }
  if (result.status === 'success') {
    const isCreator = result.data?.user.role === 'creator';
    return (
      <AuthLayout title={t('auth.verify.successTitle')}>
        <Typography role="status" sx={{ mb: 3 }}>
          {isCreator ? t('auth.verify.successCreator') : t('auth.verify.successOther')}
        </Typography>
        <Button component={RouterLink} to={isCreator ? '/onboarding' : '/'} variant="contained" size="large" fullWidth>
          {isCreator ? t('auth.verify.toOnboarding') : t('auth.verify.toDashboard')}
        </Button>
      </AuthLayout>
    );
  }
  const isInvalid = !token || fieldCodes(result.error, 'token').length > 0;
  const isSignedInUnverified = session.data && !session.data.user.emailVerified;
  return (
    <AuthLayout title={isInvalid ? t('auth.verify.invalidTitle') : t('auth.verify.failedTitle')}>
      <Typography role="alert" sx={{ mb: 3 }}>
        {isInvalid ? t('auth.verify.invalidBody') : errorText(t, result.error)}
      </Typography>
      <Stack spacing={2}>
        {isSignedInUnverified ? (
          <ResendVerificationButton variant="contained" size="large" />
        ) : (
          <>
            {session.data ? null : <Typography color="text.secondary">{t('auth.verify.signInToResend')}</Typography>}
            <Button component={RouterLink} to={session.data ? '/' : '/login'} variant="contained" size="large">
              {session.data ? t('auth.verify.toDashboard') : t('auth.register.toSignIn')}
            </Button>
          </>
        )}
      </Stack>
    </AuthLayout>
  );
}
