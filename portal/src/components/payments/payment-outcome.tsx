import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { declineKey, type Payment } from './types';

/** Where a payment stands: paid (the campaign is live), waiting for the bank, or declined. */
export function PaymentOutcome({ payment, isChecking = false }: { payment: Payment; isChecking?: boolean }) {
  const t = useT();
  const campaignLink = `/brand/campaigns/${encodeURIComponent(payment.campaignId)}`;
  if (payment.status === 'paid') {
    return (
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('payments.done.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('payments.done.body')}</Typography>
        <Button component={RouterLink} to={campaignLink} variant="contained">
          {t('payments.done.open')}
        </Button>
      </Card>
    );
  }
  if (payment.method === 'invoice') {
    return (
      <Alert severity="info" role="status">
        <strong>{t(`payments.state.${payment.status}`)}.</strong> {t('payments.invoice.sent')}
      </Alert>
    );
  }
  if (isChecking) {
    return (
      <Alert severity="info" role="status">
        {t('payments.secure.waiting')}
      </Alert>
    );
  }
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {payment.failureCode ? t(declineKey(payment.failureCode)) : t('payments.secure.failed')}
      </Alert>
      <Button
        component={RouterLink}
        to={`/campaigns/${encodeURIComponent(payment.campaignId)}/pay`}
        variant="contained"
      >
        {t('money.retry')}
      </Button>
    </Card>
  );
}
