import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useParams } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import { useMoneyFormat } from '../../components/money/money';
import { type CardDetails, CardForm } from '../../components/payments/card-form';
import { PaymentOutcome } from '../../components/payments/payment-outcome';
import { QuoteBreakdown } from '../../components/payments/quote-breakdown';
import { type Billing, declineKey, type Payment, type Quote } from '../../components/payments/types';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';

/** Brands: the payment step before a campaign goes live (card with 3-D Secure, or invoice). */
export function PayPage() {
  return (
    <RoleOnly allow={['brand']} note="payments.onlyBrands">
      <PayStep />
    </RoleOnly>
  );
}

/** The open payment for this campaign: a new one, or the one already under way. */
async function openPayment(campaignId: string, method: 'card' | 'invoice'): Promise<Payment> {
  try {
    const { data } = await apiFetch<{ data: Payment }>(`/api/campaigns/${encodeURIComponent(campaignId)}/payments`, {
      method: 'POST',
      json: { method },
    });
    return data;
  } catch (error) {
    if (!isApiError(error) || error.code !== 'conflict') throw error;
    const { data } = await apiFetch<{ data: Billing }>('/api/billing');
    const open = data.payments.find(
      (payment) =>
        payment.campaignId === campaignId &&
        payment.method === method &&
        ['pending', 'requires_action', 'awaiting_payment', 'partially_paid'].includes(payment.status),
    );
    if (!open) throw error;
    return open;
  }
}

function PayStep() {
  const t = useT();
  const format = useMoneyFormat();
  const { id = '' } = useParams();
  const {
    data: quote,
    isLoading,
    error,
    refetch,
  } = useApiQuery<Quote>(`/api/campaigns/${encodeURIComponent(id)}/quote`);
  const [method, setMethod] = useState<'card' | 'invoice'>('card');
  const [isBusy, setIsBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const explain = (caught: unknown) => {
    const [decline] = fieldCodes(caught, 'card');
    if (isApiError(caught) && caught.code === 'card_declined') return t(declineKey(decline));
    // Billing's invoice hook needs the buyer's address and organisation number (its 422 names them).
    if (fieldCodes(caught, 'billingAddress').length) return t('payments.invoice.addressNeeded');
    if (fieldCodes(caught, 'orgNumber').length) return validationText(t, 'org_number_required');
    const [field] = fieldCodes(caught, 'method');
    return field ? validationText(t, field) : errorText(t, caught);
  };
  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (caught) {
      setProblem(explain(caught));
    } finally {
      setIsBusy(false);
    }
  };
  const payByCard = (card: CardDetails) =>
    run(async () => {
      const open = payment ?? (await openPayment(id, 'card'));
      setPayment(open);
      const { data } = await apiFetch<{ data: Payment }>(`/api/payments/${encodeURIComponent(open.id)}/card`, {
        method: 'POST',
        json: { card },
      });
      setPayment(data);
      if (data.status === 'requires_action' && data.nextActionUrl) {
        setRedirecting(true);
        window.location.assign(data.nextActionUrl);
      }
    });
  const payByInvoice = () => run(async () => setPayment(await openPayment(id, 'invoice')));
  const payWithCredit = () => run(async () => setPayment(await openPayment(id, 'card')));

  if (payment && (payment.status === 'paid' || payment.method === 'invoice')) {
    return (
      <>
        <PageHeader title={t('payments.pay.title')} />
        <PaymentOutcome payment={payment} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t(quote?.purpose === 'top_up' ? 'payments.pay.topUpTitle' : 'payments.pay.title')}
        intro={t('payments.pay.intro')}
      />
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {quote ? (
        <Stack spacing={3}>
          <Card sx={{ p: { xs: 2, sm: 3 } }}>
            <QuoteBreakdown quote={quote} />
          </Card>
          {redirecting ? (
            <Alert severity="info" role="status">
              {t('payments.secure.redirecting')}
            </Alert>
          ) : quote.amountDueOre === 0 ? (
            <Card sx={{ p: { xs: 2, sm: 3 } }}>
              {problem ? <Alert severity="error">{problem}</Alert> : null}
              <Button variant="contained" onClick={payWithCredit} loading={isBusy}>
                {t('payments.credit.pay')}
              </Button>
            </Card>
          ) : (
            <Card sx={{ p: { xs: 2, sm: 3 } }}>
              <FormControl sx={{ mb: 2 }}>
                <FormLabel id="payment-method">{t('payments.method.legend')}</FormLabel>
                <RadioGroup
                  aria-labelledby="payment-method"
                  value={method}
                  onChange={(event) => {
                    setMethod(event.target.value === 'invoice' ? 'invoice' : 'card');
                    setProblem(null);
                  }}
                >
                  <FormControlLabel value="card" control={<Radio />} label={t('payments.method.card')} />
                  <FormControlLabel value="invoice" control={<Radio />} label={t('payments.method.invoice')} />
                </RadioGroup>
              </FormControl>
              {method === 'card' ? (
                <CardForm
                  amountLabel={format.sek(quote.amountDueOre)}
                  isBusy={isBusy}
                  error={problem}
                  onSubmit={(card) => void payByCard(card)}
                />
              ) : (
                <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                  {problem ? <Alert severity="error">{problem}</Alert> : null}
                  <Button variant="contained" onClick={payByInvoice} loading={isBusy}>
                    {t('payments.invoice.create')}
                  </Button>
                </Stack>
              )}
            </Card>
          )}
        </Stack>
      ) : null}
    </>
  );
}
