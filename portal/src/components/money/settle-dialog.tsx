import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { type AdminWithdrawal, useIdempotencyKey, useMoneyFormat, type Withdrawal } from './money';

export type SettleAction = 'pay' | 'reject';

const FIELD = { pay: 'reference', reject: 'reason' } as const;

/**
 * Admin: mark a requested withdrawal paid (with the bank or Swish reference) or reject it (with a
 * reason the creator sees). Each attempt carries an `Idempotency-Key`, reused when retried.
 */
export function SettleDialog({
  target,
  onClose,
  onSettled,
  onConflict,
}: {
  target: { withdrawal: AdminWithdrawal; action: SettleAction } | null;
  onClose: () => void;
  onSettled: (withdrawal: Withdrawal) => void;
  /** Someone else settled it first (409) or it is gone (404): the caller refreshes the rows. */
  onConflict: () => void;
}) {
  const t = useT();
  const format = useMoneyFormat();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const fieldId = useId();
  const idempotency = useIdempotencyKey();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  // A fresh form (and key) every time the dialog opens; the last content stays while it animates out.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (!target) return;
    setShown(target);
    setText('');
    setFieldError(null);
    setFormError(null);
    idempotency.reset();
  }, [target, idempotency]);
  const current = target ?? shown;
  if (!current) return null;
  const { withdrawal, action } = current;
  const field = FIELD[action];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setFieldError(t('validation.required'));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setIsSubmitting(true);
    setFormError(null);
    try {
      const { data } = await apiFetch<{ data: Withdrawal }>(
        `/api/admin/withdrawals/${encodeURIComponent(withdrawal.id)}/${action}`,
        {
          method: 'POST',
          json: { [field]: value },
          headers: { 'Idempotency-Key': idempotency.keyFor(`${withdrawal.id}:${action}:${value}`) },
        },
      );
      onSettled(data);
    } catch (error) {
      const [code] = fieldCodes(error, field);
      if (isApiError(error) && (error.statusCode === 409 || error.statusCode === 404)) {
        onConflict();
      } else if (code) {
        setFieldError(validationText(t, code));
      } else {
        setFormError(errorText(t, error));
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Dialog
      open={!!target}
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>
          {t(action === 'pay' ? 'money.admin.pay.title' : 'money.admin.reject.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>
              {t('money.admin.dialogSummary', {
                amount: format.sek(withdrawal.amountOre),
                method: withdrawal.paymentMethodMasked,
                name: withdrawal.creator.name,
                email: withdrawal.creator.email,
              })}
            </DialogContentText>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              id={fieldId}
              label={t(action === 'pay' ? 'money.admin.pay.reference' : 'money.admin.reject.reason')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(null);
              }}
              required
              autoFocus
              fullWidth
              multiline={action === 'reject'}
              minRows={action === 'reject' ? 3 : undefined}
              autoComplete="off"
              error={!!fieldError}
              helperText={
                fieldError ?? t(action === 'pay' ? 'money.admin.pay.referenceHelp' : 'money.admin.reject.reasonHelp')
              }
              slotProps={{ htmlInput: { maxLength: action === 'pay' ? 200 : 2000 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('buttons.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={action === 'pay' ? 'primary' : 'error'}
            loading={isSubmitting}
          >
            {t(action === 'pay' ? 'money.admin.pay.submit' : 'money.admin.reject.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
