import type { PasskeyView } from '@kollab/contract/api/passkeys';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import { useState } from 'react';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';
import { errorText } from '../../../lib/error-text';

const URL = '/api/account/passkeys';

/**
 * Passkeys beside the app's codes (ADR 027): add one with the device's own prompt (fingerprint,
 * face, PIN or a security key), see when each was used, remove it.
 */
export function PasskeysList() {
  const t = useT();
  const locale = useLocale();
  const { data: keys, error, refetch } = useApiQuery<PasskeyView[]>(URL);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale === 'sv' ? 'sv-SE' : 'en-GB');

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setActionError(null);
    if (!name.trim()) {
      setActionError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      const options = await apiFetch<{ data: PublicKeyCredentialCreationOptionsJSON }>(`${URL}/options`, {
        method: 'POST',
      });
      const response = await startRegistration({ optionsJSON: options.data });
      await apiFetch(URL, { method: 'POST', json: { name, response } });
      setName('');
      await refetch();
    } catch (failure) {
      setActionError(
        failure instanceof Error && failure.name === 'NotAllowedError'
          ? t('account.passkeys.cancelled')
          : errorText(t, failure),
      );
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    setActionError(null);
    try {
      await apiFetch(`${URL}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      await refetch();
    } catch (failure) {
      setActionError(errorText(t, failure));
    }
  };

  if (!browserSupportsWebAuthn())
    return <Typography color="text.secondary">{t('account.passkeys.unsupported')}</Typography>;
  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle1">
        {t('account.passkeys.title')}
      </Typography>
      <Typography color="text.secondary">{t('account.passkeys.intro')}</Typography>
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {actionError ? <Alert severity="error">{actionError}</Alert> : null}
      {keys && keys.length > 0 ? (
        <List aria-label={t('account.passkeys.title')} disablePadding>
          {keys.map((key) => (
            <ListItem
              key={key.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  onClick={() => void remove(key.id)}
                  aria-label={t('account.passkeys.remove', { name: key.name })}
                >
                  {t('account.passkeys.removeShort')}
                </Button>
              }
            >
              <ListItemText
                primary={key.name}
                secondary={
                  key.lastUsedAt
                    ? t('account.passkeys.used', { added: date(key.createdAt), used: date(key.lastUsedAt) })
                    : t('account.passkeys.added', { added: date(key.createdAt) })
                }
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <Stack component="form" noValidate onSubmit={add} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label={t('account.passkeys.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <Button type="submit" variant="outlined" loading={busy}>
          {t('account.passkeys.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
