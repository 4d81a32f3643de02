import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import { PaymentOutcome } from '../../components/payments/payment-outcome';
import type { Payment } from '../../components/payments/types';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';

const POLLS = 20;
const POLL_MS = 1500;

/** Brands land here from the bank's 3-D Secure page; the payment is checked until it settles. */
export function PaymentReturnPage() {
  return (
    <RoleOnly allow={['brand']} note="payments.onlyBrands">
      <PaymentReturn />
    </RoleOnly>
  );
}

function PaymentReturn() {
  const t = useT();
  const { id = '' } = useParams();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [polls, setPolls] = useState(0);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts the checks again after "Try again".
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (count: number) => {
      try {
        const { data } = await apiFetch<{ data: Payment }>(`/api/payments/${encodeURIComponent(id)}`);
        if (stopped) return;
        setPayment(data);
        setPolls(count);
        const waiting = data.status === 'requires_action' || (data.status === 'pending' && !data.failureCode);
        if (waiting && count < POLLS) timer = setTimeout(() => void check(count + 1), POLL_MS);
      } catch (caught) {
        if (!stopped) setError(caught);
      }
    };
    void check(1);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [id, attempt]);

  const waiting =
    !!payment &&
    (payment.status === 'requires_action' || (payment.status === 'pending' && !payment.failureCode)) &&
    polls < POLLS;
  return (
    <>
      <PageHeader title={t('payments.pay.title')} />
      {!payment && !error ? <PageLoader /> : null}
      {error ? (
        <LoadError
          error={error}
          onRetry={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : null}
      {payment ? <PaymentOutcome payment={payment} isChecking={waiting} /> : null}
    </>
  );
}
