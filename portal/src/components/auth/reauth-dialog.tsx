import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { currentAppPath } from '../../lib/callback-url';
import { errorText, fieldCodes, validationText } from '../../lib/error-text';
import { useSession } from '../../providers/session';
import { PasswordField } from './password-field';

/**
 * Asks for the password when the API wants a recent sign-in before a sensitive change (e-mail,
 * payout method, withdrawal); the change is sent again once the password is confirmed. Mounted,
 * open, for one request by `ReauthGate`, which `onClose` tells the answer.
 */
export function ReauthDialog({ onClose }: { onClose: (confirmed: boolean) => void }) {
  const t = useT();
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [googleOnly, setGoogleOnly] = useState(false);
  // With two-factor on, a code from the app confirms too: the only way for a Google-only account.
  const hasTwoFactor = useSession().data?.user.twoFactor === true;
  const [useCode, setUseCode] = useState(false);

  const finish = (confirmed: boolean) => {
    setOpen(false);
    onClose(confirmed);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(validationText(t, 'required'));
      return;
    }
    setBusy(true);
    try {
      await apiFetch('/api/auth/reauthenticate', { method: 'POST', json: useCode ? { code: password } : { password } });
      finish(true);
    } catch (error) {
      const [code] = [...fieldCodes(error, 'password'), ...fieldCodes(error, 'code')];
      if (code === 'no_password' && hasTwoFactor) {
        setUseCode(true);
        setPassword('');
      } else if (code === 'no_password') setGoogleOnly(true);
      else if (code) setFieldError(validationText(t, code));
      else setFormError(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const signInAgain = `/app/login?callbackUrl=${encodeURIComponent(currentAppPath(window.location))}`;
  return (
    <Dialog open={open} onClose={() => finish(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('auth.reauth.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('auth.reauth.intro')}</DialogContentText>
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          {googleOnly ? (
            <Alert severity="info">
              {t('auth.reauth.googleOnly')} <Link href={signInAgain}>{t('auth.reauth.signInAgain')}</Link>
            </Alert>
          ) : useCode ? (
            <TextField
              autoFocus
              fullWidth
              label={t('auth.totp.codeLabel')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
              error={!!fieldError}
              helperText={fieldError ?? ' '}
            />
          ) : (
            <PasswordField
              autoFocus
              fullWidth
              label={t('auth.fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
              error={!!fieldError}
              helperText={fieldError ?? ' '}
            />
          )}
          {hasTwoFactor && !googleOnly ? (
            <Link
              component="button"
              type="button"
              onClick={() => {
                setUseCode(!useCode);
                setPassword('');
                setFieldError(null);
              }}
            >
              {useCode ? t('auth.reauth.usePassword') : t('auth.reauth.useCode')}
            </Link>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => finish(false)}>{t('buttons.cancel')}</Button>
          {googleOnly ? null : (
            <Button type="submit" variant="contained" loading={busy}>
              {t('auth.reauth.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
