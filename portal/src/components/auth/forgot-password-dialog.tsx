import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { applyApiError } from '../../lib/error-text';
import { EMAIL_PATTERN, textFieldProps } from '../../lib/form-field';

interface Values {
  email: string;
}

/** The spec's reset dialog: e-mail, Reset and Cancel, then a message that never says if the address exists. */
export function ForgotPasswordDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email?: string }) {
  const t = useT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const [isSent, setIsSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ values: { email: email ?? '' } });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    onClose();
    setIsSent(false);
    setFormError(null);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await apiFetch(`${AUTH_BASE}/forgot-password`, { method: 'POST', json: values });
      setIsSent(true);
    } catch (error) {
      setFormError(applyApiError(t, error, form.setError, ['email']));
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('auth.forgot.title')}</DialogTitle>
      {isSent ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {t('auth.forgot.sent')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} variant="contained">
              {t('buttons.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('auth.forgot.intro')}</DialogContentText>
            {formError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            ) : null}
            <TextField
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              fullWidth
              required
              {...textFieldProps(
                form.register('email', {
                  required: t('validation.required'),
                  pattern: { value: EMAIL_PATTERN, message: t('validation.invalid_email') },
                }),
                errors.email,
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('buttons.cancel')}</Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
