import type { DeletionRequestView } from '@kollab/contract/api/admin';
import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { ConfirmDialog } from '../campaigns/confirm-dialog';
import { LoadError } from '../money/load-error';
import { useMoneyFormat } from '../money/money';
import { ErasurePlanList } from './erasure-plan';

const REQUEST = '/api/account/deletion-request';

/**
 * Manage account → Delete your account: what happens to the user's money and work is shown
 * before they ask (and again in the dialog that confirms it); an open request shows its date, why
 * it waits when it does, and can be withdrawn.
 */
export function AccountDeletion() {
  const t = useT();
  const format = useMoneyFormat();
  const { open: notify } = useNotification();
  const [isAsking, setIsAsking] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const current = useApiQuery<DeletionRequestView | null>(REQUEST);
  const plan = useApiQuery<ErasurePlan>(`${REQUEST}/plan`);
  const refetch = () => {
    void current.refetch();
    void plan.refetch();
  };
  const open = current.data?.status === 'pending' ? current.data : null;

  const ask = async () => {
    const { data } = await apiFetch<{ data: DeletionRequestView }>(REQUEST, { method: 'POST' });
    notify?.({ type: 'success', message: t('account.deletion.requested', { date: format.date(data.dueAt) }) });
    refetch();
  };
  const withdraw = async () => {
    setCancelError(null);
    try {
      await apiFetch(REQUEST, { method: 'DELETE' });
      notify?.({ type: 'success', message: t('account.deletion.withdrawn') });
      refetch();
    } catch (error) {
      setCancelError(error);
    }
  };

  const error = current.error ?? plan.error;
  if (error) return <LoadError error={error} onRetry={refetch} />;
  if (!plan.data || current.isLoading) return null;
  const list = <ErasurePlanList plan={plan.data} label={t('account.deletion.planLabel')} />;

  return (
    <Stack spacing={2}>
      {open ? (
        <>
          <Alert severity={open.heldReason ? 'warning' : 'info'}>
            {open.heldReason
              ? t(`account.deletion.held.${open.heldReason}`)
              : t('account.deletion.pending', { date: format.date(open.dueAt) })}
          </Alert>
          {cancelError ? <Alert severity="error">{errorText(t, cancelError)}</Alert> : null}
          <Typography variant="body2">{t('account.deletion.whatHappens')}</Typography>
          {list}
          <Button variant="outlined" onClick={withdraw} sx={{ alignSelf: 'flex-start' }}>
            {t('account.deletion.withdraw')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="body2">{t('account.deletion.intro')}</Typography>
          <Typography variant="body2">{t('account.deletion.whatHappens')}</Typography>
          {list}
          <Button color="error" variant="outlined" onClick={() => setIsAsking(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('account.deletion.open')}
          </Button>
          <ConfirmDialog
            open={isAsking}
            title={t('account.deletion.dialogTitle')}
            body={
              <>
                {t('account.deletion.dialogBody')}
                {list}
              </>
            }
            confirmLabel={t('account.deletion.confirm')}
            isDestructive
            onConfirm={ask}
            onClose={() => setIsAsking(false)}
          />
        </>
      )}
    </Stack>
  );
}
