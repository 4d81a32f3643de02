import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../hooks/use-t';
import type { PaymentMethod } from '../../../lib/api-types';
import type { StepFrame } from './step-frame';

/** Step 1: pick one of the saved payment methods (or go and add one). */
export function MethodStep({
  frame: { heading, actions },
  methods,
  methodId,
  methodError,
  headingId,
  onSelect,
  onNext,
}: {
  frame: StepFrame;
  methods: PaymentMethod[];
  methodId: string;
  methodError: string | null;
  headingId: string;
  onSelect: (methodId: string) => void;
  onNext: (event: FormEvent) => void;
}) {
  const t = useT();
  return (
    <form noValidate onSubmit={onNext}>
      {heading('money.wizard.method.title')}
      {methods.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 2 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('money.wizard.method.none')}
          </Typography>
          <Button component={RouterLink} to="/payment-methods" variant="contained" startIcon={<Add />}>
            {t('money.wizard.method.add')}
          </Button>
        </Box>
      ) : (
        <>
          {methodError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {methodError}
            </Alert>
          ) : null}
          <RadioGroup
            aria-labelledby={headingId}
            name="paymentMethod"
            value={methodId}
            onChange={(event) => onSelect(event.target.value)}
            sx={{ gap: 1 }}
          >
            {methods.map((item) => (
              <FormControlLabel
                key={item.id}
                value={item.id}
                control={<Radio />}
                sx={{
                  m: 0,
                  p: 1,
                  pr: 2,
                  border: 1,
                  borderRadius: 1,
                  borderColor: item.id === methodId ? 'primary.main' : 'divider',
                  '& .MuiFormControlLabel-label': { flexGrow: 1 },
                }}
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Box sx={{ flexGrow: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{t(`paymentMethods.types.${item.type}`)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {item.masked}
                      </Typography>
                    </Box>
                    {item.isDefault ? <Chip size="small" color="primary" label={t('paymentMethods.default')} /> : null}
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          <Link component={RouterLink} to="/payment-methods" sx={{ display: 'inline-block', mt: 2 }}>
            {t('money.wizard.method.manage')}
          </Link>
          {actions(
            <Button type="submit" variant="contained">
              {t('money.wizard.next')}
            </Button>,
          )}
        </>
      )}
    </form>
  );
}
