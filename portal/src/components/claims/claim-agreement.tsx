import type { ClaimAgreementView } from '@kollab/contract/api/agreements';
import type { BankIdOrderView } from '@kollab/contract/api/identity';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { BankIdOrderPanel, bankIdFailureText, bankIdOutcomeText } from '../bankid/bankid-order-panel';
import { useFormat } from '../campaigns/use-format';

/**
 * The claim's agreement (ADR 026): the campaign's terms as text; the creator signs it with BankID,
 * then creator and brand download the signed agreement as PDF.
 */
export function ClaimAgreement({ claimId, isCreator }: { claimId: string; isCreator: boolean }) {
  const t = useT();
  const locale = useLocale();
  const format = useFormat();
  const url = `/api/claims/${encodeURIComponent(claimId)}/agreement`;
  const { data: agreement, isLoading, error, refetch } = useApiQuery<ClaimAgreementView>(url);
  const [order, setOrder] = useState<BankIdOrderView | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const sign = async () => {
    setStarting(true);
    setOutcome(null);
    try {
      setOrder((await apiFetch<{ data: BankIdOrderView }>(`${url}/sign`, { method: 'POST' })).data);
    } catch (failure) {
      setOutcome(bankIdFailureText(failure, t, locale));
    } finally {
      setStarting(false);
    }
  };
  const finished = useCallback(
    (ended: BankIdOrderView, sameDevice: boolean) => {
      setOrder(null);
      if (ended.status === 'complete') void refetch();
      else setOutcome(bankIdOutcomeText(ended, sameDevice, t, locale));
    },
    [refetch, t, locale],
  );

  if (isLoading) return <CircularProgress size={24} aria-label={t('app.loading')} />;
  if (error || !agreement) return <Alert severity="error">{errorText(t, error)}</Alert>;
  const signed = agreement.status === 'signed';
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography variant="body2" color="text.secondary">
        {t(signed ? 'agreement.signedIntro' : isCreator ? 'agreement.unsignedCreator' : 'agreement.unsignedBrand')}
      </Typography>
      <Box
        component="pre"
        aria-label={t('agreement.textLabel')}
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2, bgcolor: 'action.hover', width: '100%' }}
      >
        {agreement.text}
      </Box>
      {signed ? (
        <>
          <Typography>
            {t('agreement.signedBy', {
              name: agreement.signerName ?? '',
              number: agreement.signerPersonalNumberMasked ?? '',
              date: format.dateTime(agreement.signedAt ?? ''),
            })}
          </Typography>
          <Button variant="outlined" startIcon={<Download />} href={`${url}/pdf`} download>
            {t('agreement.download')}
          </Button>
        </>
      ) : null}
      {outcome ? <Alert severity="error">{outcome}</Alert> : null}
      {!signed && isCreator && order ? <BankIdOrderPanel order={order} onFinished={finished} /> : null}
      {!signed && isCreator && !order ? (
        <Button variant="contained" onClick={() => void sign()} disabled={starting}>
          {t('agreement.sign')}
        </Button>
      ) : null}
    </Stack>
  );
}
