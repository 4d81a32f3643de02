import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { currentAppPath } from '../../lib/callback-url';
import { AuthLayout } from './auth-layout';

/**
 * The spec's protected-route screen for a session that ended (timed out, or signed out in another
 * tab). "Login again" comes back here after sign-in.
 */
export function SessionExpired({ returnTo }: { returnTo?: string }) {
  const t = useT();
  const location = useLocation();
  const callbackUrl = returnTo ?? currentAppPath(location);
  return (
    <AuthLayout title={t('auth.sessionExpired.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('auth.sessionExpired.body')}
      </Typography>
      <Button
        component={RouterLink}
        to={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}
        variant="contained"
        size="large"
        fullWidth
      >
        {t('auth.sessionExpired.action')}
      </Button>
    </AuthLayout>
  );
}
