import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { User } from '../../lib/api-types';
import { applyApiError, validationText } from '../../lib/error-text';
import { EMAIL_PATTERN, textFieldProps } from '../../lib/form-field';
import { personalNumberProblem } from './personal-number';

interface Values {
  fullName: string;
  personalNumber: string;
  email: string;
  phone: string;
}

const FIELDS = ['fullName', 'personalNumber', 'email', 'phone'] as const;

function toValues(user: User): Values {
  return { fullName: user.fullName, personalNumber: '', email: user.email, phone: user.phone ?? '' };
}

/** The spec's "Manage account" form. Only changed fields are sent. */
export function AccountDetailsForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    values: toValues(user),
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const changes: Partial<Record<keyof Values, string | null>> = {};
    if (dirtyFields.fullName) changes.fullName = values.fullName.trim();
    if (values.personalNumber.trim()) changes.personalNumber = values.personalNumber.trim();
    if (dirtyFields.email) changes.email = values.email.trim();
    if (dirtyFields.phone) changes.phone = values.phone.trim() || null;
    if (Object.keys(changes).length === 0) {
      notify?.({ type: 'success', message: t('account.noChanges') });
      return;
    }
    try {
      const { data } = await apiFetch<{ data: User }>(`/api/user/update/${encodeURIComponent(user.id)}`, {
        method: 'POST',
        json: changes,
      });
      // The e-mail stays the old one until the link is clicked; `pendingEmail` says where it went.
      form.reset(toValues(data));
      notify?.({ type: 'success', message: t('account.saved') });
      onSaved(data);
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, FIELDS));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <TextField
        label={t('account.fields.fullName')}
        autoComplete="name"
        required
        fullWidth
        {...textFieldProps(form.register('fullName', { required: t('validation.required') }), errors.fullName)}
      />
      <TextField
        label={t('account.fields.personalNumber')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={user.personalNumber ?? t('account.personalNumber.placeholder')}
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
        {...textFieldProps(
          form.register('personalNumber', {
            // The API's check (format, date, checksum, 18 on today's date in Sweden), before sending.
            validate: (value) => {
              const problem = personalNumberProblem(value);
              return problem === null || validationText(t, problem);
            },
          }),
          errors.personalNumber,
          user.personalNumber
            ? t('account.personalNumber.helpSaved', { masked: user.personalNumber })
            : t('account.personalNumber.help'),
        )}
      />
      <TextField
        label={t('account.fields.email')}
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
          t('account.emailHelp'),
        )}
      />
      {user.pendingEmail ? (
        <Alert severity="info" role="status">
          {t('account.pendingEmail', { email: user.pendingEmail })}
        </Alert>
      ) : null}
      <TextField
        label={t('account.fields.phone')}
        type="tel"
        autoComplete="tel"
        fullWidth
        {...textFieldProps(form.register('phone'), errors.phone, t('account.phoneHelp'))}
      />
      <Button type="submit" variant="contained" size="large" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('buttons.save')}
      </Button>
    </Stack>
  );
}
