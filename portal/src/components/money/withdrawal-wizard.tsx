import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale';
import { type Translate, useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { PaymentMethod } from '../../lib/api-types';
import { errorText, fieldCodes } from '../../lib/error-text';
import type { MessageKey } from '../../providers/i18n-provider';
import {
  type Earnings,
  type MoneyFormat,
  parseKronor,
  useIdempotencyKey,
  useMoneyFormat,
  type Withdrawal,
} from './money';

type WizardStep = 0 | 1 | 2 | 'done';
const STEPS: MessageKey[] = ['money.wizard.steps.method', 'money.wizard.steps.amount', 'money.wizard.steps.confirm'];

/** The text for an amount problem, from the client's check or the API's field code. */
function amountProblem(t: Translate, format: MoneyFormat, code: string, earnings: Earnings): string {
  if (code === 'below_minimum')
    return t('money.amount.belowMinimum', { minimum: format.sek(earnings.minimumWithdrawalOre) });
  if (code === 'insufficient_funds')
    return t('money.amount.insufficientFunds', { available: format.sek(earnings.availableOre) });
  if (code === 'required') return t('validation.required');
  return t('money.amount.invalid');
}

function defaultMethodId(methods: PaymentMethod[]): string {
  return (methods.find((method) => method.isDefault) ?? methods[0])?.id ?? '';
}

/**
 * The spec's "Payment options": pick a saved payment method, Next; the amount (everything
 * available by default), Next; confirm. The request carries an `Idempotency-Key` that is kept
 * while the request is the same, so retrying after a lost answer never withdraws twice.
 */
export function WithdrawalWizard({
  earnings,
  methods,
  onWithdrawn,
  onStale,
}: {
  earnings: Earnings;
  methods: PaymentMethod[];
  /** After a successful withdrawal: refetch balances and the list. */
  onWithdrawn: (withdrawal: Withdrawal) => void;
  /** The API said the balance or the methods changed under us: refetch them. */
  onStale: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const format = useMoneyFormat();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const idempotency = useIdempotencyKey();

  const [step, setStep] = useState<WizardStep>(0);
  const [methodId, setMethodId] = useState(() => defaultMethodId(methods));
  const [methodError, setMethodError] = useState<string | null>(null);
  const [amountText, setAmountText] = useState(() => format.plain(earnings.availableOre));
  // A code, not a text: the text names the current balance, which is refetched after an API error.
  const [amountCode, setAmountCode] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [result, setResult] = useState<Withdrawal | null>(null);

  // A method that disappeared (deleted in another tab) is replaced by the default one.
  useEffect(() => {
    if (!methods.some((method) => method.id === methodId)) setMethodId(defaultMethodId(methods));
  }, [methods, methodId]);

  // Moving between steps puts focus on the new step's heading, so keyboard and screen-reader users follow.
  const isFirstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const method = methods.find((item) => item.id === methodId);
  const amountOre = parseKronor(amountText, locale);

  const amountError = amountCode ? amountProblem(t, format, amountCode, earnings) : null;

  const checkAmount = (): string | null => {
    if (!amountText.trim()) return 'required';
    if (amountOre === null || amountOre <= 0) return 'invalid';
    if (amountOre < earnings.minimumWithdrawalOre) return 'below_minimum';
    if (amountOre > earnings.availableOre) return 'insufficient_funds';
    return null;
  };

  const onMethodNext = (event: FormEvent) => {
    event.preventDefault();
    if (!method) {
      setMethodError(t('money.wizard.chooseMethod'));
      return;
    }
    setMethodError(null);
    setStep(1);
  };
  const onAmountNext = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkAmount();
    setAmountCode(problem);
    if (problem) {
      document.getElementById(`${headingId}-amount`)?.focus();
      return;
    }
    setSubmitError(null);
    setStep(2);
  };
  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || amountOre === null) return;
    setIsSubmitting(true);
    setSubmitError(null);
    const body = { amountOre, paymentMethodId: method.id };
    try {
      const { data } = await apiFetch<{ data: Withdrawal }>('/api/withdrawals', {
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': idempotency.keyFor(`${body.amountOre}:${body.paymentMethodId}`) },
      });
      idempotency.reset();
      setResult(data);
      setStep('done');
      onWithdrawn(data);
    } catch (error) {
      const [apiAmountCode] = fieldCodes(error, 'amountOre');
      const [methodCode] = fieldCodes(error, 'paymentMethodId');
      if (apiAmountCode) {
        setAmountCode(apiAmountCode);
        setStep(1);
        onStale();
      } else if (methodCode) {
        setMethodError(t('money.wizard.methodNotFound'));
        setStep(0);
        onStale();
      } else {
        setSubmitError(errorText(t, error));
      }
    } finally {
      setIsSubmitting(false);
    }
  };
  const startOver = () => {
    setResult(null);
    setAmountText(format.plain(earnings.availableOre));
    setAmountCode(null);
    setStep(0);
  };

  if (step === 'done' && result) {
    const canWithdrawAgain = earnings.availableOre >= earnings.minimumWithdrawalOre;
    return (
      <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mb: 4 }}>
        <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography ref={headingRef} tabIndex={-1} component="h2" variant="h5" sx={{ mt: 1, outline: 'none' }}>
          {t('money.wizard.done.title')}
        </Typography>
        <Typography sx={{ mt: 1.5 }}>
          {t('money.wizard.done.body', {
            amount: format.sek(result.amountOre),
            method: result.paymentMethodMasked,
          })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('money.wizard.done.next')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/earnings" variant="contained">
            {t('money.wizard.done.toEarnings')}
          </Button>
          {canWithdrawAgain ? (
            <Button variant="outlined" onClick={startOver}>
              {t('money.wizard.done.again')}
            </Button>
          ) : null}
        </Box>
      </Card>
    );
  }

  if (earnings.availableOre < earnings.minimumWithdrawalOre) {
    return (
      <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mb: 4 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('money.wizard.notEnough.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('money.wizard.notEnough.body', {
            available: format.sek(earnings.availableOre),
            minimum: format.sek(earnings.minimumWithdrawalOre),
          })}
        </Typography>
        <Button component={RouterLink} to="/earnings" variant="outlined">
          {t('money.wizard.done.toEarnings')}
        </Button>
      </Card>
    );
  }

  const activeStep = step === 'done' ? 3 : step;
  const heading = (key: MessageKey) => (
    <>
      <Typography variant="overline" color="text.secondary" component="p">
        {t('money.wizard.stepOf', { step: activeStep + 1, total: STEPS.length })}
      </Typography>
      <Typography
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        component="h2"
        variant="h6"
        sx={{ mb: 2, outline: 'none' }}
      >
        {t(key)}
      </Typography>
    </>
  );
  const actions = (next: ReactNode, back?: number) => (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column-reverse', sm: 'row' },
        gap: 1.5,
        justifyContent: 'flex-end',
        mt: 3,
      }}
    >
      {back !== undefined ? (
        <Button onClick={() => setStep(back as WizardStep)} disabled={isSubmitting}>
          {t('money.wizard.back')}
        </Button>
      ) : null}
      {next}
    </Box>
  );

  return (
    <Card sx={{ p: { xs: 2, sm: 4 }, mb: 4 }}>
      <Stepper activeStep={activeStep} alternativeLabel={isPhone} sx={{ mb: 3 }} aria-hidden>
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{t(label)}</StepLabel>
          </Step>
        ))}
      </Stepper>

      {step === 0 ? (
        <form noValidate onSubmit={onMethodNext}>
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
                onChange={(event) => {
                  setMethodId(event.target.value);
                  setMethodError(null);
                }}
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
                        {item.isDefault ? (
                          <Chip size="small" color="primary" label={t('paymentMethods.default')} />
                        ) : null}
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
      ) : null}

      {step === 1 ? (
        <form noValidate onSubmit={onAmountNext}>
          {heading('money.wizard.amount.title')}
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('money.wizard.amount.available', { available: format.sek(earnings.availableOre) })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              id={`${headingId}-amount`}
              label={t('money.wizard.amount.label')}
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setAmountCode(null);
              }}
              required
              autoComplete="off"
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> },
              }}
              error={!!amountError}
              helperText={
                amountError ??
                t('money.wizard.amount.help', {
                  minimum: format.sek(earnings.minimumWithdrawalOre),
                  available: format.sek(earnings.availableOre),
                })
              }
              sx={{ flex: '1 1 240px' }}
            />
            <Button
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() => {
                setAmountText(format.plain(earnings.availableOre));
                setAmountCode(null);
              }}
            >
              {t('money.wizard.amount.all')}
            </Button>
          </Box>
          {actions(
            <Button type="submit" variant="contained">
              {t('money.wizard.next')}
            </Button>,
            0,
          )}
        </form>
      ) : null}

      {step === 2 && method && amountOre !== null ? (
        <form noValidate onSubmit={onConfirm}>
          {heading('money.wizard.confirm.title')}
          {submitError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {submitError}
            </Alert>
          ) : null}
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: { xs: 0.25, sm: 1.5 },
              m: 0,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, fontWeight: 600 },
            }}
          >
            <Typography component="dt">{t('money.wizard.confirm.amount')}</Typography>
            <Typography component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {format.sek(amountOre)}
            </Typography>
            <Typography component="dt">{t('money.wizard.confirm.to')}</Typography>
            <Typography component="dd">{method.masked}</Typography>
            <Typography component="dt">{t('money.wizard.confirm.left')}</Typography>
            <Typography component="dd" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {format.sek(earnings.availableOre - amountOre)}
            </Typography>
          </Box>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {t('money.wizard.confirm.note')}
          </Typography>
          {actions(
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('money.wizard.confirm.submit')}
            </Button>,
            1,
          )}
        </form>
      ) : null}
    </Card>
  );
}
