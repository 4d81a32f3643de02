import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { PageLoader } from '../layout/page-loader';
import { usePhone } from './use-phone';

/**
 * "Read the guidelines and confirm" (spec §2): one required checkbox per guideline, or a single
 * one when the campaign has none. `onConfirm` runs only when every box is ticked.
 */
export function GuidelinesDialog({
  open,
  campaignTitle,
  guidelines,
  confirmLabel,
  error: loadError,
  onConfirm,
  onClose,
}: {
  open: boolean;
  campaignTitle: string;
  /** Undefined while the campaign loads. */
  guidelines: string[] | undefined;
  confirmLabel: string;
  error?: string | null;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const isPhone = usePhone();
  const titleId = useId();
  const helpId = useId();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [showMissing, setShowMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const items = guidelines && guidelines.length > 0 ? guidelines : [t('campaigns.claim.confirmWithoutGuidelines')];
  const isComplete = guidelines !== undefined && items.every((_, index) => checked.has(index));

  const close = () => {
    if (isBusy) return;
    setChecked(new Set());
    setShowMissing(false);
    setError(null);
    onClose();
  };
  const toggle = (index: number, isOn: boolean) => {
    const next = new Set(checked);
    if (isOn) next.add(index);
    else next.delete(index);
    setChecked(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isComplete) {
      setShowMissing(true);
      return;
    }
    setIsBusy(true);
    try {
      await onConfirm();
      setChecked(new Set());
      setShowMissing(false);
      onClose();
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('campaigns.claim.dialogTitle')}</DialogTitle>
        <DialogContent>
          {error || loadError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error ?? loadError}
            </Alert>
          ) : null}
          <DialogContentText sx={{ mb: 2 }}>
            {t('campaigns.claim.dialogIntro', { title: campaignTitle })}
          </DialogContentText>
          {guidelines === undefined && !loadError ? <PageLoader /> : null}
          {guidelines !== undefined ? (
            <FormControl component="fieldset" required error={showMissing && !isComplete} aria-describedby={helpId}>
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {t('campaigns.claim.guidelinesLegend')}
              </FormLabel>
              <FormGroup>
                {items.map((text, index) => (
                  <FormControlLabel
                    // biome-ignore lint/suspicious/noArrayIndexKey: guidelines are plain strings and may repeat.
                    key={index}
                    sx={{ alignItems: 'flex-start', mb: 1 }}
                    control={
                      <Checkbox
                        checked={checked.has(index)}
                        onChange={(event) => toggle(index, event.target.checked)}
                        sx={{ pt: 0 }}
                      />
                    }
                    label={text}
                  />
                ))}
              </FormGroup>
              <FormHelperText id={helpId}>
                {showMissing && !isComplete ? t('campaigns.claim.confirmAll') : t('campaigns.claim.confirmHelp')}
              </FormHelperText>
            </FormControl>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={guidelines === undefined}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
