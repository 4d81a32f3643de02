import type { BillingAddress } from '@kollab/contract/api/billing';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { applyApiError } from '../../lib/error-text';
import { textFieldProps } from '../../lib/form-field';
import { LoadError } from '../money/load-error';

type Values = { street: string; postalCode: string; city: string; country: string };
const FIELDS = ['street', 'postalCode', 'city', 'country'] as const;
const EMPTY: Values = { street: '', postalCode: '', city: '', country: 'SE' };

/** The brand's billing address (printed on invoices): loads, edits and saves `PUT /api/billing/address`. */
export function BillingAddressForm() {
  const t = useT();
  const { data, isLoading, error, refetch } = useApiQuery<BillingAddress | null>('/api/billing/address');
  return (
    <Card component="section" aria-labelledby="billing-address-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="billing-address-title" component="h2" variant="h6" gutterBottom>
        {t('billing.address.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('billing.address.intro')}
      </Typography>
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <Skeleton variant="rounded" height={180} role="progressbar" aria-label={t('app.loading')} /> : null}
      {!isLoading && !error ? <AddressFields saved={data ?? null} onSaved={() => void refetch()} /> : null}
    </Card>
  );
}

function AddressFields({ saved, onSaved }: { saved: BillingAddress | null; onSaved: () => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ values: saved ?? EMPTY });
  const { errors, isSubmitting } = form.formState;
  const required = { required: t('validation.required') };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await apiFetch('/api/billing/address', { method: 'PUT', json: { ...values, country: values.country.trim() } });
      notify?.({ type: 'success', message: t('billing.address.saved') });
      onSaved();
    } catch (caught) {
      setFormError(applyApiError(t, caught, form.setError, FIELDS));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      {saved ? null : (
        <Alert severity="info" role="status">
          {t('billing.address.missing')}
        </Alert>
      )}
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <TextField
        label={t('billing.address.street')}
        autoComplete="street-address"
        required
        fullWidth
        {...textFieldProps(form.register('street', required), errors.street)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('billing.address.postalCode')}
          autoComplete="postal-code"
          required
          sx={{ flex: { sm: '0 0 160px' } }}
          {...textFieldProps(form.register('postalCode', required), errors.postalCode)}
        />
        <TextField
          label={t('billing.address.city')}
          autoComplete="address-level2"
          required
          fullWidth
          {...textFieldProps(form.register('city', required), errors.city)}
        />
        <TextField
          label={t('billing.address.country')}
          autoComplete="country"
          required
          sx={{ flex: { sm: '0 0 160px' } }}
          slotProps={{ htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' } } }}
          {...textFieldProps(
            form.register('country', { ...required, setValueAs: (value: string) => value.toUpperCase() }),
            errors.country,
          )}
        />
      </Stack>
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('billing.address.save')}
      </Button>
    </Stack>
  );
}
