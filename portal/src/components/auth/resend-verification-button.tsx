import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { AUTH_BASE } from '../../lib/auth-client';
import { errorText } from '../../lib/error-text';

/** Sends a new verification link to the signed-in user and says so in place. */
export function ResendVerificationButton(props: Pick<ButtonProps, 'variant' | 'color' | 'size'>) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const resend = async () => {
    setState('sending');
    setError(null);
    try {
      await apiFetch(`${AUTH_BASE}/resend-verification`, { method: 'POST' });
      setState('sent');
    } catch (caught) {
      setError(errorText(t, caught));
      setState('idle');
    }
  };
  if (state === 'sent') {
    return (
      <Alert severity="success" role="status">
        {t('auth.verify.resent')}
      </Alert>
    );
  }
  return (
    <>
      <Button {...props} onClick={resend} loading={state === 'sending'}>
        {t('auth.verify.resend')}
      </Button>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
