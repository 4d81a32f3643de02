import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth/auth-layout';
import { PasswordField } from '../../components/auth/password-field';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { applyApiError, fieldCodes } from '../../lib/error-text';
import { MIN_PASSWORD_LENGTH, textFieldProps } from '../../lib/form-field';

interface Values {
  password: string;
  confirmPassword: string;
}

/** The spec's confirm-new-password form, reached from the reset link in the e-mail. */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [isDone, setIsDone] = useState(false);
  const [isTokenInvalid, setIsTokenInvalid] = useState(!token);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await apiFetch(`${AUTH_BASE}/reset-password`, { method: 'POST', json: { token, password } });
      setIsDone(true);
    } catch (error) {
      if (fieldCodes(error, 'token').length > 0) setIsTokenInvalid(true);
      else setFormError(applyApiError(t, error, form.setError, ['password']));
    }
  });

  if (isDone) {
    return (
      <AuthLayout title={t('auth.reset.doneTitle')}>
        <Typography role="status" sx={{ mb: 3 }}>
          {t('auth.reset.doneBody')}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          {t('auth.reset.toSignIn')}
        </Button>
      </AuthLayout>
    );
  }
  if (isTokenInvalid) {
    return (
      <AuthLayout title={t('auth.reset.invalidTitle')}>
        <Typography role="alert" sx={{ mb: 3 }}>
          {t('auth.reset.invalidBody')}
        </Typography>
        <Button component={RouterLink} to="/login?forgot=1" variant="contained" size="large" fullWidth>
          {t('auth.reset.requestNew')}
        </Button>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('auth.reset.title')}>
      {formError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <PasswordField
          label={t('auth.reset.newPassword')}
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
        <PasswordField
          label={t('auth.reset.confirmPassword')}
          autoComplete="new-password"
          required
          fullWidth
          {...textFieldProps(
            form.register('confirmPassword', {
              required: t('validation.required'),
              validate: (value, values) => value === values.password || t('validation.passwords_do_not_match'),
            }),
            errors.confirmPassword,
          )}
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
