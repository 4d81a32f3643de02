import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@kollab/contract/api/two-factor';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';
import { applyApiError, errorText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import { loadSession } from '../../../providers/session';
import { PageLoader } from '../../layout/page-loader';
import { QrCode } from './qr-code';
import { RecoveryCodesList } from './recovery-codes';

const STATUS_URL = '/api/account/two-factor';

/** The secret in groups of four, easier to type into an app that cannot scan. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function Enrolment({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const t = useT();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      const answer = await apiFetch<{ data: RecoveryCodes }>(`${STATUS_URL}/confirm`, {
        method: 'POST',
        json: { code },
      });
      onEnabled(answer.data.recoveryCodes);
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, ['code']));
    }
  });
  return (
    <Stack spacing={2}>
      <Typography>{t('account.twoFactor.scan')}</Typography>
      <QrCode value={setup.uri} label={t('account.twoFactor.qrLabel')} />
      <Typography variant="body2" color="text.secondary">
        {t('account.twoFactor.typeInstead')}{' '}
        <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="totp-secret">
          {grouped(setup.secret)}
        </Typography>
      </Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ maxWidth: 360 }}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          label={t('auth.totp.codeLabel')}
          autoComplete="one-time-code"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          {...textFieldProps(
            form.register('code', {
              required: t('validation.required'),
              pattern: { value: /^\s*\d{3}\s?\d{3}\s*$/, message: t('auth.totp.codeFormat') },
            }),
            errors.code,
          )}
        />
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('account.twoFactor.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Two-factor sign-in in Manage account (ADR 024): turn it on with an authenticator app (QR code or
 * typed secret, then a code), keep recovery codes, make new ones, turn it off (not admins).
 */
export function TwoFactorSettings() {
  const t = useT();
  const locale = useLocale();
  const { open: notify } = useNotification();
  const { data: status, isLoading, error, refetch } = useApiQuery<TwoFactorStatus>(STATUS_URL);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setActionError(null);
    try {
      await work();
    } catch (failure) {
      setActionError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    act(async () => {
      const answer = await apiFetch<{ data: TwoFactorSetup }>(`${STATUS_URL}/setup`, { method: 'POST' });
      setSetup(answer.data);
    });
  const replaceCodes = () =>
    act(async () => {
      const answer = await apiFetch<{ data: RecoveryCodes }>(`${STATUS_URL}/recovery-codes`, { method: 'POST' });
      setCodes(answer.data.recoveryCodes);
    });
  const turnOff = () =>
    act(async () => {
      await apiFetch(`${STATUS_URL}/disable`, { method: 'POST' });
      notify?.({ type: 'success', message: t('account.twoFactor.turnedOff') });
      await refetch();
      void loadSession({ force: true, broadcast: true });
    });
  const enabled = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    notify?.({ type: 'success', message: t('account.twoFactor.turnedOn') });
    void refetch();
    void loadSession({ force: true, broadcast: true });
  };

  if (isLoading) return <PageLoader />;
  if (error || !status) return <Alert severity="error">{errorText(t, error)}</Alert>;
  if (codes) return <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />;
  if (setup) return <Enrolment setup={setup} onEnabled={enabled} />;
  const since = status.enabledAt
    ? new Date(status.enabledAt).toLocaleDateString(locale === 'sv' ? 'sv-SE' : 'en-GB')
    : '';
  return (
    <Stack spacing={2}>
      {actionError ? <Alert severity="error">{actionError}</Alert> : null}
      {status.enabled ? (
        <>
          <Alert severity="success">{t('account.twoFactor.on', { date: since })}</Alert>
          <Typography>{t('account.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={replaceCodes} loading={busy}>
              {t('account.twoFactor.newCodes')}
            </Button>
            {status.required ? null : (
              <Button color="error" variant="outlined" onClick={turnOff} loading={busy}>
                {t('account.twoFactor.turnOff')}
              </Button>
            )}
          </Stack>
          {status.required ? (
            <Typography variant="body2" color="text.secondary">
              {t('account.twoFactor.requiredNote')}
            </Typography>
          ) : null}
        </>
      ) : (
        <>
          {status.required ? <Alert severity="warning">{t('account.twoFactor.requiredOff')}</Alert> : null}
          <Typography>{t('account.twoFactor.offIntro')}</Typography>
          <Button variant="contained" onClick={start} loading={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('account.twoFactor.turnOn')}
          </Button>
        </>
      )}
    </Stack>
  );
}
