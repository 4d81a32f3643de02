import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { validationText } from '../../lib/error-text';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * Kollab's own card form (ADR 024: Stripe.js cannot load offline): number, expiry and CVC, checked
 * here for shape only; the provider checks the card.
 */
export function CardForm({
  amountLabel,
  isBusy,
  error,
  onSubmit,
}: {
  amountLabel: string;
  isBusy: boolean;
  error: string | null;
  onSubmit: (card: CardDetails) => void;
}) {
  const t = useT();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = number.replace(/[\s-]/g, '');
    const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
    const month = Number(match?.[1]);
    const year = match?.[2] ? Number(match[2].length === 2 ? `20${match[2]}` : match[2]) : 0;
    const found: Record<string, string> = {};
    if (!/^\d{12,19}$/.test(digits)) found.number = validationText(t, 'invalid_card_number');
    if (!(month >= 1 && month <= 12) || !year) found.expiry = validationText(t, 'invalid_expiry');
    if (!/^\d{3,4}$/.test(cvc)) found.cvc = validationText(t, 'invalid_cvc');
    setProblems(found);
    if (Object.keys(found).length) return;
    onSubmit({ number: digits, expMonth: month, expYear: year, cvc });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <TextField
        label={t('payments.card.number')}
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        autoComplete="cc-number"
        inputMode="numeric"
        error={!!problems.number}
        helperText={problems.number}
        required
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label={t('payments.card.expiry')}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          autoComplete="cc-exp"
          placeholder="12/29"
          error={!!problems.expiry}
          helperText={problems.expiry}
          required
        />
        <TextField
          label={t('payments.card.cvc')}
          value={cvc}
          onChange={(event) => setCvc(event.target.value)}
          autoComplete="cc-csc"
          inputMode="numeric"
          error={!!problems.cvc}
          helperText={problems.cvc}
          required
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('payments.card.note')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" loading={isBusy} sx={{ justifySelf: 'start' }}>
        {t('payments.card.pay', { amount: amountLabel })}
      </Button>
    </Box>
  );
}
