import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CreatorsOnly } from '../../components/creator/creators-only';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';

/** Withdrawals are not built yet; the page says so and points to payment methods. */
export function WithdrawalPage() {
  const t = useT();
  return (
    <CreatorsOnly>
      <PageHeader title={t('withdrawal.title')} />
      <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('withdrawal.comingSoon')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('withdrawal.body')}
        </Typography>
        <Button component={RouterLink} to="/payment-methods" variant="outlined">
          {t('withdrawal.toPaymentMethods')}
        </Button>
      </Card>
    </CreatorsOnly>
  );
}
