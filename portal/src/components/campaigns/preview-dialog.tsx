import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { CampaignCard } from './campaign-card';
import { CampaignOverview } from './campaign-overview';
import type { Campaign } from './types';
import { usePhone } from './use-phone';

/**
 * The campaign as creators will see it (card and details), with Publish for a draft: the brand
 * checks the preview before the campaign goes live and matched creators are invited.
 */
export function PreviewDialog({
  campaign,
  open,
  onPublish,
  onClose,
}: {
  campaign: Campaign;
  open: boolean;
  onPublish?: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const isPhone = usePhone();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    if (isBusy) return;
    setError(null);
    onClose();
  };
  const publish = async () => {
    if (!onPublish) return;
    setIsBusy(true);
    setError(null);
    try {
      await onPublish();
      onClose();
    } catch (caught) {
      const [code] = fieldCodes(caught, 'endsAt');
      setError(code ? `${t('brandCampaigns.form.endDate')}: ${validationText(t, code)}` : errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{t('brandCampaigns.preview.title')}</DialogTitle>
      <DialogContent dividers tabIndex={0} sx={{ bgcolor: 'background.default' }}>
        <DialogContentText sx={{ mb: 2 }}>{t('brandCampaigns.preview.intro')}</DialogContentText>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('brandCampaigns.preview.card')}
        </Typography>
        <Box sx={{ maxWidth: 300, mb: 3 }}>
          <CampaignCard campaign={campaign} />
        </Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('brandCampaigns.preview.details')}
        </Typography>
        <CampaignOverview campaign={campaign} />
      </DialogContent>
      {error ? (
        <Alert severity="error" sx={{ m: 2, mb: 0 }}>
          {error}
        </Alert>
      ) : null}
      <DialogActions>
        <Button onClick={close}>{t(onPublish ? 'buttons.cancel' : 'buttons.close')}</Button>
        {onPublish ? (
          <Button variant="contained" onClick={publish} loading={isBusy}>
            {t('brandCampaigns.actions.publish')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
