import type { TaxProfileView } from '@kollab/contract/api/tax';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { applyApiError } from '../../lib/error-text';
import { textFieldProps } from '../../lib/form-field';

interface Values {
  status: 'private' | 'f_tax';
  orgNumber: string;
  vatRegistered: boolean;
}

/** Creators: private person or F-skatt (with the number and VAT registration), with plain-language help. */
export function TaxSettingsPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <TaxSettings />
    </RoleOnly>
  );
}

function TaxSettings() {
  const t = useT();
  const { data, isLoading, error, refetch } = useApiQuery<TaxProfileView>('/api/tax/profile');
  return (
    <>
      <PageHeader title={t('tax.settings.title')} intro={t('tax.settings.intro')} />
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data ? <TaxForm profile={data} onSaved={() => void refetch()} /> : null}
      <Link component={RouterLink} to="/tax/statement" sx={{ display: 'inline-block', mt: 3 }}>
        {t('tax.settings.statementLink')}
      </Link>
    </>
  );
}

function TaxForm({ profile, onSaved }: { profile: TaxProfileView; onSaved: () => void }) {
  const t = useT();
  const legendId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    defaultValues: {
      status: profile.status,
      orgNumber: profile.orgNumber ?? '',
      vatRegistered: profile.vatRegistered,
    },
  });
  const status = form.watch('status');
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    const body =
      values.status === 'private'
        ? { status: 'private' }
        : { status: 'f_tax', orgNumber: values.orgNumber.trim(), vatRegistered: values.vatRegistered };
    try {
      await apiFetch('/api/tax/profile', { method: 'PUT', json: body });
      setSaved(true);
      onSaved();
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, ['orgNumber']));
    }
  });
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {profile.saved ? null : <Alert severity="info">{t('tax.settings.notSaved')}</Alert>}
        {profile.status === 'private' && !profile.birthDateKnown ? (
          <Alert severity="warning">{t('tax.settings.birthUnknown')}</Alert>
        ) : null}
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {saved ? (
          <Alert severity="success" role="status">
            {t('tax.settings.saved')}
          </Alert>
        ) : null}
        <FormControl component="fieldset">
          <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
            {t('tax.settings.statusLegend')}
          </FormLabel>
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <RadioGroup aria-labelledby={legendId} {...field} sx={{ gap: 1 }}>
                {(['private', 'f_tax'] as const).map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    sx={{ m: 0, p: 1, pr: 2, border: 1, borderRadius: 1, alignItems: 'flex-start' }}
                    label={
                      <Box sx={{ pt: 1 }}>
                        <Typography sx={{ fontWeight: 600 }}>
                          {t(value === 'private' ? 'tax.settings.private' : 'tax.settings.fTax')}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t(value === 'private' ? 'tax.settings.privateHelp' : 'tax.settings.fTaxHelp')}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </RadioGroup>
            )}
          />
        </FormControl>
        {status === 'f_tax' ? (
          <>
            <TextField
              label={t('tax.settings.orgNumber')}
              autoComplete="off"
              required
              fullWidth
              {...textFieldProps(
                form.register('orgNumber', { required: t('validation.required') }),
                errors.orgNumber,
                t('tax.settings.orgNumberHelp'),
              )}
            />
            <Controller
              control={form.control}
              name="vatRegistered"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                  }
                  label={t('tax.settings.vatRegistered')}
                />
              )}
            />
          </>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
            {t('tax.settings.save')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}
