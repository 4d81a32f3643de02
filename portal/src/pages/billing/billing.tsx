import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import { parseKronor, useMoneyFormat } from '../../components/money/money';
import type { Billing } from '../../components/payments/types';
import { BankRefundForm } from '../../components/payouts/bank-refund-form';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { BillingInvoicesSlot } from './invoices-slot';

const OPEN = ['pending', 'requires_action', 'partially_paid'];

/** Brands: credit with Kollab, payments and the way to get credit back to the card. */
export function BillingPage() {
  return (
    <RoleOnly allow={['brand']} note="payments.onlyBrands">
      <BillingOverview />
    </RoleOnly>
  );
}

function BillingOverview() {
  const t = useT();
  const format = useMoneyFormat();
  const paymentsId = useId();
  const { data, isLoading, error, refetch } = useApiQuery<Billing>('/api/billing');
  return (
    <>
      <PageHeader title={t('payments.billing.title')} intro={t('payments.billing.intro')} />
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data ? (
        <>
          <Card sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Typography component="h2" variant="h6">
              {t('payments.billing.credit')}
            </Typography>
            <Typography variant="h4" component="p" sx={{ my: 1 }}>
              {format.sek(data.creditOre)}
            </Typography>
            <Typography color="text.secondary">{t('payments.billing.creditHelp')}</Typography>
            {data.availableCreditOre !== data.creditOre ? (
              <Typography color="text.secondary">
                {t('payments.billing.available', { amount: format.sek(data.availableCreditOre) })}
              </Typography>
            ) : null}
            {data.availableCreditOre > 0 ? (
              <RefundForm maxOre={data.availableCreditOre} onDone={() => void refetch()} />
            ) : null}
            {data.availableCreditOre > 0 ? (
              <BankRefundForm maxOre={data.availableCreditOre} onDone={() => void refetch()} />
            ) : null}
          </Card>
          <Typography id={paymentsId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
            {t('payments.billing.payments')}
          </Typography>
          {data.payments.length === 0 ? (
            <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
              <Typography component="h3" variant="h6" gutterBottom>
                {t('payments.billing.emptyTitle')}
              </Typography>
              <Typography color="text.secondary">{t('payments.billing.emptyBody')}</Typography>
            </Card>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table aria-labelledby={paymentsId} size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('payments.billing.columns.campaign')}</TableCell>
                    <TableCell>{t('payments.billing.columns.date')}</TableCell>
                    <TableCell>{t('payments.billing.columns.method')}</TableCell>
                    <TableCell>{t('payments.billing.columns.status')}</TableCell>
                    <TableCell align="right">{t('payments.billing.columns.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.payments.map((payment) => (
                    <TableRow key={payment.id}>
                      <TableCell>
                        <RouterLink to={`/brand/campaigns/${encodeURIComponent(payment.campaignId)}`}>
                          {payment.campaignTitle}
                        </RouterLink>
                      </TableCell>
                      <TableCell>{format.date(payment.createdAt)}</TableCell>
                      <TableCell>{t(`payments.method.${payment.method}`)}</TableCell>
                      <TableCell>
                        {t(`payments.state.${payment.status}`)}
                        {OPEN.includes(payment.status) && payment.method === 'card' ? (
                          <>
                            {' '}
                            <RouterLink to={`/campaigns/${encodeURIComponent(payment.campaignId)}/pay`}>
                              {t('payments.billing.pay')}
                            </RouterLink>
                          </>
                        ) : null}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {format.sek(payment.amountOre)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <BillingInvoicesSlot />
        </>
      ) : null}
    </>
  );
}

function RefundForm({ maxOre, onDone }: { maxOre: number; onDone: () => void }) {
  const t = useT();
  const format = useMoneyFormat();
  const locale = useLocale();
  const { open: notify } = useNotification();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountOre = parseKronor(amount, locale);
    if (amountOre === null || amountOre <= 0) return setProblem(validationText(t, 'invalid_amount'));
    if (amountOre > maxOre) return setProblem(validationText(t, 'more_than_credit'));
    setIsBusy(true);
    setProblem(null);
    try {
      await apiFetch('/api/billing/refunds', { method: 'POST', json: { amountOre } });
      notify?.({ type: 'success', message: t('payments.billing.refunded', { amount: format.sek(amountOre) }) });
      setAmount('');
      onDone();
    } catch (caught) {
      const [code] = fieldCodes(caught, 'amountOre');
      setProblem(code ? validationText(t, code) : errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 2, display: 'grid', gap: 1.5, maxWidth: 360 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payments.billing.refund')}
      </Typography>
      <TextField
        label={t('payments.billing.refundAmount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        inputMode="decimal"
        error={!!problem}
      />
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Button type="submit" variant="outlined" loading={isBusy} sx={{ justifySelf: 'start' }}>
        {t('payments.billing.refundSubmit')}
      </Button>
    </Box>
  );
}
