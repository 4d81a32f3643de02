import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { BalanceSummary } from '../../components/money/balance-summary';
import { EarningsEntries } from '../../components/money/earnings-entries';
import { LoadError } from '../../components/money/load-error';
import { type Earnings, useMoneyFormat } from '../../components/money/money';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';

/** Creators: balances, every earning and withdrawal, and the way to withdraw. */
export function EarningsPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <EarningsOverview />
    </RoleOnly>
  );
}

function EarningsOverview() {
  const t = useT();
  const format = useMoneyFormat();
  const entriesId = useId();
  const { data, isLoading, error, refetch } = useApiQuery<Earnings>('/api/earnings');
  const canWithdraw = !!data && data.availableOre >= data.minimumWithdrawalOre;

  const withdraw = (
    <Button
      component={RouterLink}
      to="/withdrawal"
      variant="contained"
      startIcon={<AccountBalanceWallet />}
      sx={{ alignSelf: { sm: 'center' } }}
    >
      {t('money.earnings.withdraw')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('money.earnings.title')} intro={t('money.earnings.intro')} action={withdraw} />
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data ? (
        <>
          <BalanceSummary earnings={data} />
          {canWithdraw ? null : (
            <Typography color="text.secondary" sx={{ mt: -1.5, mb: 3 }}>
              {t('money.earnings.minimumNote', { minimum: format.sek(data.minimumWithdrawalOre) })}
            </Typography>
          )}
          <Typography id={entriesId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {t('money.entries.title')}
          </Typography>
          {data.entries.length === 0 ? (
            <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
              <Typography component="h3" variant="h6" gutterBottom>
                {t('money.entries.emptyTitle')}
              </Typography>
              <Typography color="text.secondary">{t('money.entries.emptyBody')}</Typography>
            </Card>
          ) : (
            <EarningsEntries entries={data.entries} labelId={entriesId} />
          )}
          <Link component={RouterLink} to="/tax/statement" sx={{ display: 'inline-block', mt: 2 }}>
            {t('tax.earnings.link')}
          </Link>
        </>
      ) : null}
    </>
  );
}
