import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { type FormEvent, useId, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { errorText, validationText } from '../../lib/error-text';
import type { MessageKey } from '../../providers/i18n-provider';
import { parseKronor, useIdempotencyKey, useMoneyFormat } from '../money/money';

type AccountType = 'bank_account' | 'bankgiro' | 'iban';
const FIELDS: Record<AccountType, { name: string; label: MessageKey }[]> = {
  bank_account: [
    { name: 'clearingNumber', label: 'payouts.refund.clearingNumber' },
    { name: 'accountNumber', label: 'payouts.refund.accountNumber' },
  ],
  bankgiro: [{ name: 'number', label: 'payouts.refund.bankgiro' }],
  iban: [
    { name: 'iban', label: 'payouts.refund.iban' },
    { name: 'bic', label: 'payouts.refund.bic' },
  ],
};

interface BankRefund {
  id: string;
  amountOre: number;
  status: 'pending' | 'succeeded' | 'failed';
  reference: string | null;
  returnReason: string | null;
  createdAt: string;
}

/**
 * Brands: credit paid by invoice back to a bank account, Bankgiro or IBAN (ADR 029), and the
 * refunds asked for so far. Each attempt carries an `Idempotency-Key`, reused when retried.
 */
export function BankRefundForm({ maxOre, onDone }: { maxOre: number; onDone: () => void }) {
  const t = useT();
  const format = useMoneyFormat();
  const locale = useLocale();
  const listId = useId();
  const { open: notify } = useNotification();
  const idempotency = useIdempotencyKey();
  const mine = useApiQuery<BankRefund[]>('/api/billing/refunds/bank');
  const [type, setType] = useState<AccountType>('bank_account');
  const [amount, setAmount] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountOre = parseKronor(amount, locale);
    if (amountOre === null || amountOre <= 0) return setProblems({ amountOre: validationText(t, 'invalid_amount') });
    if (amountOre > maxOre) return setProblems({ amountOre: validationText(t, 'more_than_credit') });
    const account = {
      type,
      ...Object.fromEntries(FIELDS[type].map((field) => [field.name, values[field.name] ?? ''])),
    };
    setBusy(true);
    setProblems({});
    try {
      await apiFetch('/api/billing/refunds/bank', {
        method: 'POST',
        json: { amountOre, account },
        headers: { 'Idempotency-Key': idempotency.keyFor(JSON.stringify({ amountOre, account })) },
      });
      notify?.({ type: 'success', message: t('payouts.refund.done', { amount: format.sek(amountOre) }) });
      setAmount('');
      onDone();
      void mine.refetch();
    } catch (caught) {
      const fields = isApiError(caught) && caught.errors ? caught.errors : {};
      const shown = Object.fromEntries(
        Object.entries(fields).map(([name, codes]) => [
          name.replace(/^account\./, ''),
          validationText(t, String(Array.isArray(codes) ? codes[0] : codes)),
        ]),
      );
      setProblems(Object.keys(shown).length > 0 ? shown : { form: errorText(t, caught) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 3 }}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5, maxWidth: 360 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('payouts.refund.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payouts.refund.help')}
        </Typography>
        <TextField
          label={t('payouts.refund.amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          error={!!problems.amountOre}
          helperText={problems.amountOre}
        />
        <TextField
          select
          label={t('payouts.refund.type')}
          value={type}
          onChange={(event) => setType(event.target.value as AccountType)}
        >
          {(Object.keys(FIELDS) as AccountType[]).map((option) => (
            <MenuItem key={option} value={option}>
              {t(`payouts.refund.types.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        {FIELDS[type].map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues((previous) => ({ ...previous, [field.name]: event.target.value }))}
            autoComplete="off"
            error={!!problems[field.name]}
            helperText={problems[field.name]}
          />
        ))}
        {problems.form ? <Alert severity="error">{problems.form}</Alert> : null}
        <Button type="submit" variant="outlined" loading={busy} sx={{ justifySelf: 'start' }}>
          {t('payouts.refund.submit')}
        </Button>
      </Box>
      {mine.data && mine.data.length > 0 ? (
        <>
          <Typography id={listId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
            {t('payouts.refund.mine')}
          </Typography>
          <List aria-labelledby={listId} dense>
            {mine.data.map((refund) => (
              <ListItem key={refund.id} disableGutters sx={{ display: 'block' }}>
                <Typography variant="body2">
                  {t(`payouts.refund.status.${refund.status}`, {
                    amount: format.sek(refund.amountOre),
                    date: format.date(refund.createdAt),
                  })}
                </Typography>
                {refund.reference ? (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('money.mine.reference', { reference: refund.reference })}
                    {refund.returnReason ? ` · ${refund.returnReason}` : ''}
                  </Typography>
                ) : null}
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </Box>
  );
}
