import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { PaymentMethod, PaymentMethodType } from '../../lib/api-types';
import { applyApiError } from '../../lib/error-text';
import { EMAIL_PATTERN, textFieldProps } from '../../lib/form-field';
import type { MessageKey } from '../../providers/i18n-provider';

interface Values {
  type: PaymentMethodType;
  clearingNumber: string;
  accountNumber: string;
  iban: string;
  bic: string;
  number: string;
  email: string;
  isDefault: boolean;
}

type DetailField = Exclude<keyof Values, 'type' | 'isDefault'>;

/** The fields each type sends, with their labels, hints and autocomplete hints. */
const TYPE_FIELDS: Record<PaymentMethodType, { name: DetailField; label: MessageKey; help?: MessageKey }[]> = {
  bank_account: [
    {
      name: 'clearingNumber',
      label: 'paymentMethods.fields.clearingNumber',
      help: 'paymentMethods.help.clearingNumber',
    },
    { name: 'accountNumber', label: 'paymentMethods.fields.accountNumber' },
  ],
  iban: [
    { name: 'iban', label: 'paymentMethods.fields.iban', help: 'paymentMethods.help.iban' },
    { name: 'bic', label: 'paymentMethods.fields.bic' },
  ],
  swish: [{ name: 'number', label: 'paymentMethods.fields.swishNumber', help: 'paymentMethods.help.swishNumber' }],
  paypal: [{ name: 'email', label: 'paymentMethods.fields.paypalEmail' }],
};

export const TYPES: PaymentMethodType[] = ['bank_account', 'iban', 'swish', 'paypal'];
const EMPTY: Values = {
  type: 'bank_account',
  clearingNumber: '',
  accountNumber: '',
  iban: '',
  bic: '',
  number: '',
  email: '',
  isDefault: false,
};

export function AddPaymentMethodDialog({
  open,
  onClose,
  onAdded,
  isFirst,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (method: PaymentMethod) => void;
  isFirst: boolean;
}) {
  const t = useT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('type');
  const fields = TYPE_FIELDS[type];

  const close = () => {
    form.reset(EMPTY);
    setFormError(null);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body: Record<string, string | boolean> = { type: values.type, isDefault: values.isDefault || isFirst };
    for (const field of fields) body[field.name] = values[field.name].trim();
    try {
      const { data } = await apiFetch<{ data: PaymentMethod }>('/api/user/payment-methods/add', {
        method: 'POST',
        json: body,
      });
      onAdded(data);
      close();
    } catch (error) {
      setFormError(
        applyApiError(
          t,
          error,
          form.setError,
          fields.map((field) => field.name),
        ),
      );
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="sm">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('paymentMethods.add.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <TextField
                  select
                  label={t('paymentMethods.fields.type')}
                  value={field.value}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    form.clearErrors();
                  }}
                  inputRef={field.ref}
                  fullWidth
                >
                  {TYPES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`paymentMethods.types.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {fields.map((field) => (
              <TextField
                key={`${type}-${field.name}`}
                label={t(field.label)}
                required
                fullWidth
                type={field.name === 'email' ? 'email' : 'text'}
                inputMode={field.name === 'clearingNumber' || field.name === 'accountNumber' ? 'numeric' : undefined}
                {...textFieldProps(
                  form.register(field.name, {
                    required: t('validation.required'),
                    ...(field.name === 'email'
                      ? { pattern: { value: EMAIL_PATTERN, message: t('validation.invalid_email') } }
                      : {}),
                  }),
                  errors[field.name],
                  field.help ? t(field.help) : undefined,
                )}
              />
            ))}
            {isFirst ? null : (
              <Controller
                control={form.control}
                name="isDefault"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        inputRef={field.ref}
                      />
                    }
                    label={t('paymentMethods.add.makeDefault')}
                  />
                )}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('paymentMethods.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
