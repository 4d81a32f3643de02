import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../hooks/use-t';
import { authErrorKey } from '../../lib/auth-errors';
import { errorText } from '../../lib/error-text';
import { textFieldProps } from '../../lib/form-field';
import { signInWithCode } from '../../providers/session';

/**
 * The second step of signing in with two-factor on (ADR 024): a code from the authenticator app,
 * or one of the recovery codes. A code refused five times, or a step left for five minutes, sends
 * the person back to the password (`onRestart`).
 */
export function TotpStep({ callbackUrl, onRestart }: { callbackUrl: string; onRestart: (error: string) => void }) {
  const t = useT();
  const [formError, setFormError] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      const result = await signInWithCode({ code, callbackUrl });
      if (!result || result.ok) return;
      if (result.error === 'TotpInvalid') {
        form.setValue('code', '');
        form.setFocus('code');
        setFormError(t(authErrorKey('TotpInvalid')));
      } else onRestart(result.error ?? 'TotpChallengeExpired');
    } catch (error) {
      setFormError(errorText(t, error));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography color="text.secondary">
        {useRecovery ? t('auth.totp.recoveryIntro') : t('auth.totp.intro')}
      </Typography>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <TextField
        key={useRecovery ? 'recovery' : 'app'}
        label={useRecovery ? t('auth.totp.recoveryLabel') : t('auth.totp.codeLabel')}
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        slotProps={{
          htmlInput: useRecovery
            ? { autoCapitalize: 'none', spellCheck: false }
            : { inputMode: 'numeric', pattern: '[0-9 ]*', maxLength: 7 },
        }}
        {...textFieldProps(
          form.register('code', {
            required: t('validation.required'),
            pattern: useRecovery
              ? { value: /^\s*[a-z2-7]{5}[\s-]?[a-z2-7]{5}\s*$/i, message: t('auth.totp.recoveryFormat') }
              : { value: /^\s*\d{3}\s?\d{3}\s*$/, message: t('auth.totp.codeFormat') },
          }),
          errors.code,
        )}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t('auth.totp.submit')}
      </Button>
      <Link
        component="button"
        type="button"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setFormError(null);
          form.reset({ code: '' });
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {useRecovery ? t('auth.totp.useApp') : t('auth.totp.useRecovery')}
      </Link>
    </Stack>
  );
}
