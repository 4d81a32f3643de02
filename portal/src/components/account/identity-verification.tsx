import type { BankIdOrderView, IdentityView } from '@kollab/contract/api/identity';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { BankIdOrderPanel, bankIdFailureText, bankIdOutcomeText } from '../bankid/bankid-order-panel';
import { useFormat } from '../campaigns/use-format';

/**
 * Manage account → identity (ADR 026): "verifierad med BankID" with the name, masked personal
 * number and time; or, for a creator not yet verified, verifying with BankID (QR code or this device).
 */
export function IdentityVerification({ canVerify, onVerified }: { canVerify: boolean; onVerified: () => void }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const { data: identity, isLoading, error, refetch } = useApiQuery<IdentityView>('/api/identity');
  const [order, setOrder] = useState<BankIdOrderView | null>(null);
  const [starting, setStarting] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);

  const start = async () => {
    setStarting(true);
    setOutcome(null);
    try {
      const { data } = await apiFetch<{ data: BankIdOrderView }>('/api/identity/bankid', { method: 'POST' });
      setOrder(data);
    } catch (failure) {
      setOutcome(bankIdFailureText(failure, t, locale));
    } finally {
      setStarting(false);
    }
  };
  const finished = useCallback(
    (ended: BankIdOrderView, sameDevice: boolean) => {
      setOrder(null);
      if (ended.status === 'complete') {
        void refetch();
        onVerified();
      } else setOutcome(bankIdOutcomeText(ended, sameDevice, t, locale));
    },
    [refetch, onVerified, t, locale],
  );

  if (isLoading) return <CircularProgress size={24} aria-label={t('app.loading')} />;
  if (error || !identity) return <Alert severity="error">{t('errors.internal_error')}</Alert>;
  if (identity.verified) {
    return (
      <Stack spacing={1} alignItems="flex-start">
        <Chip color="success" icon={<VerifiedUserOutlined />} label={t('identity.verified')} />
        <Typography>
          {identity.name} · {identity.personalNumberMasked}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('identity.verifiedAt', { date: format.dateTime(identity.verifiedAt ?? '') })}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography>{t('identity.notVerified')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('identity.requiredFrom', { date: format.date(identity.requiredFrom) })}
      </Typography>
      {outcome ? <Alert severity="error">{outcome}</Alert> : null}
      {order ? (
        <BankIdOrderPanel order={order} onFinished={finished} />
      ) : canVerify ? (
        <Button variant="contained" onClick={() => void start()} disabled={starting}>
          {t('identity.verifyWithBankId')}
        </Button>
      ) : null}
    </Stack>
  );
}
