import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { GoogleButton } from '../../components/auth/google-button';
import { PasswordField } from '../../components/auth/password-field';
import { useAuthProviders } from '../../hooks/use-auth-providers';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE, requestSignIn, type SignUpRole } from '../../lib/auth-client';
import { safeCallbackUrl } from '../../lib/callback-url';
import { applyApiError, errorText } from '../../lib/error-text';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, textFieldProps } from '../../lib/form-field';
import { SITE_LINKS } from '../../lib/site-links';

interface Values {
  role: SignUpRole | '';
  fullName: string;
  email: string;
  password: string;
  acceptPrivacy: boolean;
}

const FIELDS = ['role', 'fullName', 'email', 'password', 'acceptPrivacy'] as const;

function initialRole(value: string | null): SignUpRole | '' {
  return value === 'creator' || value === 'brand' ? value : '';
}

export function RegisterPage() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  const roleLabelId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    defaultValues: {
      role: initialRole(params.get('role')),
      fullName: '',
      email: '',
      password: '',
      acceptPrivacy: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ role, ...values }) => {
    setFormError(null);
    try {
      await apiFetch(`${AUTH_BASE}/signup`, { method: 'POST', json: { ...values, role, locale } });
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, FIELDS));
    }
  });
  const signUpWithGoogle = async () => {
    if (!(await form.trigger('role', { shouldFocus: true }))) return;
    try {
      const role = form.getValues('role');
      await requestSignIn('google', { callbackUrl: safeCallbackUrl(params.get('callbackUrl')), fields: { role } });
    } catch (error) {
      setFormError(errorText(t, error));
    }
  };

  if (sentTo) {
    return (
      <AuthLayout title={t('auth.register.checkEmailTitle')}>
        <Typography role="status" sx={{ mb: 2 }}>
          {t('auth.register.checkEmailBody', { email: sentTo })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('auth.register.checkEmailHint')}
        </Typography>
        <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
          {t('auth.register.toSignIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.register.title')}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <Controller
          control={form.control}
          name="role"
          rules={{ required: t('auth.register.roleRequired') }}
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error} required>
              <FormLabel component="legend" id={roleLabelId}>
                {t('auth.register.roleLabel')}
              </FormLabel>
              <RadioGroup
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                aria-labelledby={roleLabelId}
                row
              >
                <FormControlLabel value="creator" control={<Radio inputRef={field.ref} />} label={t('roles.creator')} />
                <FormControlLabel value="brand" control={<Radio />} label={t('roles.brand')} />
              </RadioGroup>
              <FormHelperText>{fieldState.error?.message ?? t('auth.register.roleHelp')}</FormHelperText>
            </FormControl>
          )}
        />
        <TextField
          label={t('auth.fields.fullName')}
          autoComplete="name"
          required
          fullWidth
          {...textFieldProps(form.register('fullName', { required: t('validation.required') }), errors.fullName)}
        />
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          {...textFieldProps(
            form.register('email', {
              required: t('validation.required'),
              pattern: { value: EMAIL_PATTERN, message: t('validation.invalid_email') },
            }),
            errors.email,
          )}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="new-password"
          required
          fullWidth
          {...textFieldProps(
            form.register('password', {
              required: t('validation.required'),
              minLength: { value: MIN_PASSWORD_LENGTH, message: t('validation.too_short') },
            }),
            errors.password,
            t('auth.password.hint'),
          )}
        />
        <Controller
          control={form.control}
          name="acceptPrivacy"
          rules={{ validate: (value) => value || t('auth.register.privacyRequired') }}
          render={({ field, fieldState }) => (
            <FormControl error={!!fieldState.error} required>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label={
                  <>
                    {t('auth.register.privacyBefore')}{' '}
                    <Link href={SITE_LINKS.privacy[locale]} target="_blank" rel="noopener">
                      {t('auth.register.privacyLink')}
                    </Link>
                  </>
                }
              />
              {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('auth.register.submit')}
        </Button>
      </Stack>
      {providers?.google ? (
        <>
          <Divider sx={{ my: 3 }}>{t('auth.or')}</Divider>
          <GoogleButton label={t('auth.register.google')} onStart={signUpWithGoogle} />
        </>
      ) : null}
      <Typography sx={{ mt: 3 }}>
        {t('auth.register.haveAccount')}{' '}
        <Link component={RouterLink} to="/login">
          {t('auth.register.logIn')}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
