import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { applyApiError } from '../../lib/error-text';
import { MIN_PASSWORD_LENGTH, textFieldProps } from '../../lib/form-field';
import { PasswordField } from '../auth/password-field';

interface Values {
  currentPassword: string;
  newPassword: string;
}

export function ChangePasswordForm() {
  const t = useT();
  const { open: notify } = useNotification();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await apiFetch(`${AUTH_BASE}/change-password`, { method: 'POST', json: values });
      form.reset();
      notify?.({ type: 'success', message: t('account.password.changed') });
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, ['currentPassword', 'newPassword']));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <PasswordField
        label={t('account.password.current')}
        autoComplete="current-password"
        required
        fullWidth
        {...textFieldProps(
          form.register('currentPassword', { required: t('validation.required') }),
          errors.currentPassword,
        )}
      />
      <PasswordField
        label={t('account.password.new')}
        autoComplete="new-password"
        required
        fullWidth
        {...textFieldProps(
          form.register('newPassword', {
            required: t('validation.required'),
            minLength: { value: MIN_PASSWORD_LENGTH, message: t('validation.too_short') },
          }),
          errors.newPassword,
          t('auth.password.hint'),
        )}
      />
      <Button type="submit" variant="outlined" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('account.password.submit')}
      </Button>
    </Stack>
  );
}
