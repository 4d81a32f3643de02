import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { GoogleButton } from '../../components/auth/google-button';
import { PasswordField } from '../../components/auth/password-field';
import { TextInput } from '../../components/form/text-input';
import { PageLoader } from '../../components/layout/page-loader';
import { useAuthProviders } from '../../hooks/use-auth-providers';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { requestSignIn } from '../../lib/auth-client';
import { authErrorKey } from '../../lib/auth-errors';
import { safeCallbackUrl, toRouterPath } from '../../lib/callback-url';
import { errorText } from '../../lib/error-text';
import { EMAIL_PATTERN } from '../../lib/form-field';
import { lazyNamed } from '../../lib/lazy-named';
import { SITE_LINKS } from '../../lib/site-links';
import { signInWithCredentials, useSession } from '../../providers/session';

// The code step (with passkeys' WebAuthn client) and the reset dialog load when they are needed.
const TotpStep = lazyNamed(() => import('../../components/auth/totp-step'), 'TotpStep');
const ForgotPasswordDialog = lazyNamed(
  () => import('../../components/auth/forgot-password-dialog'),
  'ForgotPasswordDialog',
);

/** Whether a sign-in answer sends the browser on to the code step (two-factor on: ADR 024). */
function isCodeStep(url: string): boolean {
  const next = new URL(url, window.location.origin);
  return next.pathname === '/app/login' && next.searchParams.get('step') === 'totp';
}

interface Values {
  email: string;
  password: string;
}
type Problems = Partial<Record<keyof Values, 'validation.required' | 'validation.invalid_email'>>;

/** The form's own checks (the API has the final word); without a form library, which sign-in would load first. */
function check(values: Values): Problems {
  const problems: Problems = {};
  if (!values.email) problems.email = 'validation.required';
  else if (!EMAIL_PATTERN.test(values.email)) problems.email = 'validation.invalid_email';
  if (!values.password) problems.password = 'validation.required';
  return problems;
}

export function SignInPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { status } = useSession();
  const providers = useAuthProviders();
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));
  const [urlError, setUrlError] = useState(params.get('error'));
  const [formError, setFormError] = useState<string | null>(null);
  // The password (or Google) was right and two-factor is on: the code comes next (ADR 024).
  const [needsCode, setNeedsCode] = useState(params.get('step') === 'totp');
  const [isForgotOpen, setIsForgotOpen] = useState(params.get('forgot') === '1');
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Signed in (here, or in another tab): continue to where the user was going.
  useEffect(() => {
    if (status !== 'authenticated') return;
    const path = toRouterPath(callbackUrl);
    if (path) navigate(path, { replace: true });
    else window.location.assign(callbackUrl);
  }, [status, callbackUrl, navigate]);

  // Checked on submit, then on every change (as react-hook-form did); the first wrong field gets focus.
  const change = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (isSubmitted) setProblems(check(next));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setIsSubmitted(true);
    setProblems(found);
    if (found.email) emailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    if (found.email || found.password) return;
    setFormError(null);
    setIsSubmitting(true);
    try {
      const result = await signInWithCredentials({ ...values, callbackUrl });
      if (result?.ok && result.url && isCodeStep(result.url)) setNeedsCode(true);
      else if (result && !result.ok) setFormError(t(authErrorKey(result.error ?? 'CredentialsSignin')));
    } catch (error) {
      setFormError(errorText(t, error));
    } finally {
      setIsSubmitting(false);
    }
  };
  const signInWithGoogle = async () => {
    try {
      await requestSignIn('google', { callbackUrl });
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };

  const restart = (error: string) => {
    setNeedsCode(false);
    setUrlError(null);
    setFormError(t(authErrorKey(error)));
  };
  if (needsCode) {
    return (
      <AuthLayout title={t('auth.totp.title')}>
        <Suspense fallback={<PageLoader />}>
          <TotpStep callbackUrl={callbackUrl} onRestart={restart} />
        </Suspense>
      </AuthLayout>
    );
  }

  const alertText = formError ?? (urlError ? t(authErrorKey(urlError)) : null);
  const registerQuery = params.get('callbackUrl') ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : '';
  return (
    <AuthLayout title={t('auth.signIn.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('auth.signIn.intro')}
      </Typography>
      {alertText ? (
        <Alert severity={!formError && urlError === 'SessionRequired' ? 'info' : 'error'} sx={{ mb: 2 }}>
          {alertText}
        </Alert>
      ) : null}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          name="email"
          value={values.email}
          onChange={change('email')}
          inputRef={emailRef}
          error={!!problems.email}
          helperText={problems.email ? t(problems.email) : undefined}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          fullWidth
          name="password"
          value={values.password}
          onChange={change('password')}
          inputRef={passwordRef}
          error={!!problems.password}
          helperText={problems.password ? t(problems.password) : undefined}
        />
        <Link component="button" type="button" onClick={() => setIsForgotOpen(true)} sx={{ alignSelf: 'flex-end' }}>
          {t('auth.signIn.forgot')}
        </Link>
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
      {providers?.google ? (
        <>
          <Divider sx={{ my: 3 }}>{t('auth.or')}</Divider>
          <GoogleButton label={t('auth.signIn.google')} onStart={signInWithGoogle} />
        </>
      ) : null}
      <Typography sx={{ mt: 3 }}>
        {t('auth.signIn.noAccount')}{' '}
        <Link component={RouterLink} to={`/register${registerQuery}`}>
          {t('auth.signIn.createAccount')}
        </Link>
      </Typography>
      <Typography sx={{ mt: 1 }}>
        <Link href={SITE_LINKS.home[locale]}>{t('app.visitWebsite')}</Link>
      </Typography>
      {isForgotOpen ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={isForgotOpen} onClose={() => setIsForgotOpen(false)} email={values.email} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
