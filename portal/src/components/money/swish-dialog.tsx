import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { type AdminWithdrawal, useIdempotencyKey, useMoneyFormat, type Withdrawal } from './money';

/**
 * Admin: pay a requested Swish withdrawal through the Swish Payouts API (ADR 029), after a
 * confirmation. The attempt carries an `Idempotency-Key`, reused when retried.
 */
export function SwishDialog({
  target,
  onClose,
  onSent,
  onConflict,
}: {
  target: AdminWithdrawal | null;
  onClose: () => void;
  onSent: (withdrawal: Withdrawal) => void;
  onConflict: () => void;
}) {
  const t = useT();
  const format = useMoneyFormat();
  const titleId = useId();
  const idempotency = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (!target) return;
    setShown(target);
    setError(null);
    idempotency.reset();
  }, [target, idempotency]);
  const withdrawal = target ?? shown;
  if (!withdrawal) return null;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await apiFetch<{ data: Withdrawal }>(
        `/api/admin/withdrawals/${encodeURIComponent(withdrawal.id)}/swish`,
        { method: 'POST', headers: { 'Idempotency-Key': idempotency.keyFor(withdrawal.id) } },
      );
      onSent(data);
    } catch (caught) {
      const [code] = fieldCodes(caught, 'withdrawalId');
      if (isApiError(caught) && (caught.statusCode === 409 || caught.statusCode === 404)) onConflict();
      else setError(code ? validationText(t, code) : errorText(t, caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={!!target} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('payouts.swish.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('money.admin.dialogSummary', {
            amount: format.sek(withdrawal.amountOre),
            method: withdrawal.paymentMethodMasked,
            name: withdrawal.creator.name,
            email: withdrawal.creator.email,
          })}
        </DialogContentText>
        <DialogContentText>{t('payouts.swish.body')}</DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('buttons.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} loading={busy}>
          {t('payouts.swish.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
