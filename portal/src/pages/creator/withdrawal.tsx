import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import type { Earnings, Withdrawal } from '../../components/money/money';
import { MyWithdrawals } from '../../components/money/my-withdrawals';
import { WithdrawalWizard } from '../../components/money/withdrawal-wizard';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import type { PaymentMethod } from '../../lib/api-types';

/** Creators: withdraw to a saved payment method in three steps, and follow earlier withdrawals. */
export function WithdrawalPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <WithdrawalScreen />
    </RoleOnly>
  );
}

function WithdrawalScreen() {
  const t = useT();
  const listId = useId();
  const earnings = useApiQuery<Earnings>('/api/earnings');
  const methods = useApiQuery<PaymentMethod[]>('/api/user/payment-methods/get');
  const withdrawals = useApiQuery<Withdrawal[]>('/api/withdrawals');
  const wizardError = earnings.error ?? methods.error;

  const refetchWizard = () => {
    if (earnings.error) void earnings.refetch();
    if (methods.error) void methods.refetch();
  };
  return (
    <>
      <PageHeader title={t('money.withdrawal.title')} intro={t('money.withdrawal.intro')} />
      {earnings.isLoading || methods.isLoading ? <PageLoader /> : null}
      {wizardError ? <LoadError error={wizardError} onRetry={refetchWizard} /> : null}
      {earnings.data && methods.data ? (
        <WithdrawalWizard
          earnings={earnings.data}
          methods={methods.data}
          onWithdrawn={() => {
            void earnings.refetch();
            void withdrawals.refetch();
          }}
          onStale={() => {
            void earnings.refetch();
            void methods.refetch();
            void withdrawals.refetch();
          }}
        />
      ) : null}

      <Typography id={listId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('money.mine.title')}
      </Typography>
      {withdrawals.isLoading ? <PageLoader /> : null}
      {withdrawals.error ? <LoadError error={withdrawals.error} onRetry={() => void withdrawals.refetch()} /> : null}
      {withdrawals.data ? <MyWithdrawals withdrawals={withdrawals.data} labelId={listId} /> : null}
    </>
  );
}
