import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { usePhone } from './use-phone';

export interface ReasonField {
  label: string;
  help?: string;
  isRequired?: boolean;
}

/**
 * Asks before a change that cannot be undone, optionally with a reason or note. Errors from
 * `onConfirm` are shown in the dialog; it closes only when the change went through.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  isDestructive = false,
  reason,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  isDestructive?: boolean;
  reason?: ReasonField;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const isPhone = usePhone();
  const titleId = useId();
  const bodyId = useId();
  const [text, setText] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const close = () => {
    if (isBusy) return;
    setText('');
    setReasonError(null);
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setReasonError(null);
    if (reason?.isRequired && !text.trim()) {
      setReasonError(validationText(t, 'required'));
      return;
    }
    setIsBusy(true);
    try {
      await onConfirm(text.trim());
      setText('');
      onClose();
    } catch (caught) {
      const [code] = fieldCodes(caught, 'reason');
      if (code) setReasonError(validationText(t, code));
      else setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullScreen={isPhone}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <DialogContentText id={bodyId} component="div">
            {body}
          </DialogContentText>
          {reason ? (
            <TextField
              label={reason.label}
              value={text}
              onChange={(event) => setText(event.target.value)}
              required={reason.isRequired}
              error={!!reasonError}
              helperText={reasonError ?? reason.help}
              multiline
              minRows={3}
              fullWidth
              sx={{ mt: 2 }}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" color={isDestructive ? 'error' : 'primary'} loading={isBusy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
