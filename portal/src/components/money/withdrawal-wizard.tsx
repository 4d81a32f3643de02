import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
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
import { AmountStep } from './withdrawal/amount-step';
import { ConfirmStep } from './withdrawal/confirm-step';
import { NotEnoughToWithdraw, WithdrawalDone } from './withdrawal/done';
import { MethodStep } from './withdrawal/method-step';
import type { StepFrame } from './withdrawal/step-frame';

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
    return <WithdrawalDone result={result} earnings={earnings} headingRef={headingRef} onAgain={startOver} />;
  }

  if (earnings.availableOre < earnings.minimumWithdrawalOre) return <NotEnoughToWithdraw earnings={earnings} />;

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
  const actions = (next: ReactNode, back?: 0 | 1) => (
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
        <Button onClick={() => setStep(back)} disabled={isSubmitting}>
          {t('money.wizard.back')}
        </Button>
      ) : null}
      {next}
    </Box>
  );

  const frame: StepFrame = { heading, actions };

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
        <MethodStep
          frame={frame}
          methods={methods}
          methodId={methodId}
          methodError={methodError}
          headingId={headingId}
          onSelect={(id) => {
            setMethodId(id);
            setMethodError(null);
          }}
          onNext={onMethodNext}
        />
      ) : null}

      {step === 1 ? (
        <AmountStep
          frame={frame}
          earnings={earnings}
          amountText={amountText}
          amountError={amountError}
          headingId={headingId}
          onAmountText={(text) => {
            setAmountText(text);
            setAmountCode(null);
          }}
          onNext={onAmountNext}
        />
      ) : null}

      {step === 2 && method && amountOre !== null ? (
        <ConfirmStep
          frame={frame}
          earnings={earnings}
          method={method}
          amountOre={amountOre}
          submitError={submitError}
          isSubmitting={isSubmitting}
          onConfirm={onConfirm}
        />
      ) : null}
    </Card>
  );
}
