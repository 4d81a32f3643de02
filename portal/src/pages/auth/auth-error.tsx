import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { authErrorKey } from '../../lib/auth-errors';
import { SITE_LINKS } from '../../lib/site-links';

/** Explains a sign-in failure (`?error=` from the API's redirects) and offers a way on. */
export function AuthErrorPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const code = params.get('error') ?? '';
  return (
    <AuthLayout title={t('auth.errorPage.title')}>
      <Typography role="alert" sx={{ mb: 3 }}>
        {t(authErrorKey(code))}
      </Typography>
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('auth.errorPage.toSignIn')}
        </Button>
        <Button href={SITE_LINKS.home[locale]} variant="text">
          {t('app.visitWebsite')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
