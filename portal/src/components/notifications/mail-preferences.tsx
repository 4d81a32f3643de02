import type { MailPreferences } from '@kollab/contract/api/notifications';
import { MAIL_CATEGORIES, type MailCategory, TRANSACTIONAL_MAIL_CATEGORIES } from '@kollab/contract/notifications';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';

/**
 * Manage account's e-mail choices: each non-transactional kind on or off (saved at once), and the
 * transactional ones (account and security, receipts, payouts) shown switched on and locked.
 */
export function MailPreferencesForm() {
  const t = useT();
  const [preferences, setPreferences] = useState<MailPreferences | null>(null);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  useEffect(() => {
    apiFetch<{ data: MailPreferences }>('/api/notifications/mail-preferences').then(
      (answer) => setPreferences(answer.data),
      () => setStatus('failed'),
    );
  }, []);
  const change = async (category: MailCategory, on: boolean) => {
    if (!preferences) return;
    setPreferences({ ...preferences, [category]: on });
    try {
      const answer = await apiFetch<{ data: MailPreferences }>('/api/notifications/mail-preferences', {
        method: 'PUT',
        json: { [category]: on },
      });
      setPreferences(answer.data);
      setStatus('saved');
    } catch {
      setPreferences(preferences);
      setStatus('failed');
    }
  };
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>{t('notifications.mail.intro')}</Typography>
      <FormGroup>
        {MAIL_CATEGORIES.map((category) => (
          <FormControlLabel
            key={category}
            control={
              <Switch
                inputProps={{ role: 'switch' }}
                checked={preferences?.[category] ?? true}
                disabled={!preferences}
                onChange={(event) => void change(category, event.target.checked)}
              />
            }
            label={t(`notifications.mail.${category}`)}
          />
        ))}
      </FormGroup>
      <Typography component="h3" variant="subtitle2">
        {t('notifications.mail.transactionalTitle')}
      </Typography>
      <FormGroup>
        {TRANSACTIONAL_MAIL_CATEGORIES.map((kind) => (
          <FormControlLabel
            key={kind}
            control={<Switch inputProps={{ role: 'switch' }} checked disabled />}
            label={`${t(`notifications.mail.${kind}`)} (${t('notifications.mail.alwaysOn')})`}
          />
        ))}
      </FormGroup>
      <div role="status">
        {status === 'saved' ? <Alert severity="success">{t('notifications.mail.saved')}</Alert> : null}
        {status === 'failed' ? <Alert severity="error">{t('notifications.mail.saveFailed')}</Alert> : null}
      </div>
    </Stack>
  );
}
