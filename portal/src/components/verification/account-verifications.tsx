import type { AccountVerification } from '@kollab/contract/api/verification';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useEffect, useRef, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { useFormat } from '../campaigns/use-format';
import { PageLoader } from '../layout/page-loader';

/** One linked account: its status, the code with instructions, and the buttons that move it on. */
function AccountRow({ account, onChanged }: { account: AccountVerification; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const { open: notify } = useNotification();
  const [busy, setBusy] = useState<'start' | 'check' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const platform = t(`verification.platform.${account.platform}`);
  const names = { platform, handle: account.handle };
  const headingId = `verification-${account.platform}`;

  const run = async (action: 'start' | 'check') => {
    setBusy(action);
    setError(null);
    try {
      const path = `/api/creator-profile/verifications/${account.platform}${action === 'check' ? '/check' : ''}`;
      const { data } = await apiFetch<{ data: AccountVerification }>(path, { method: 'POST' });
      if (data.status === 'verified') notify?.({ type: 'success', message: t('verification.verifiedNotice', names) });
      onChanged();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };
  const copy = () =>
    void navigator.clipboard?.writeText(account.code ?? '').then(
      () => notify?.({ type: 'success', message: t('verification.copied') }),
      () => undefined,
    );

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ py: 2, display: 'grid', gap: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('verification.accountLabel', names)}
        </Typography>
        {account.status === 'verified' && account.verifiedAt ? (
          <Chip
            icon={<Verified aria-hidden />}
            color="success"
            size="small"
            label={t('verification.status.verified', { date: format.date(account.verifiedAt) })}
          />
        ) : (
          <Chip size="small" variant="outlined" label={t(`verification.status.${account.status}`)} />
        )}
      </Stack>
      {account.status === 'verified' && account.followers !== null ? (
        <Typography variant="body2" color="text.secondary">
          {t('verification.followers', { count: format.number(account.followers), platform })}
          {account.tier ? ` · ${t(`verification.tier.${account.tier}`)}` : ''}
        </Typography>
      ) : null}
      {account.status === 'pending' && account.code && account.codeExpiresAt ? (
        <>
          <Typography variant="body2">
            {t('verification.instructions', { ...names, date: format.dateTime(account.codeExpiresAt) })}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('verification.codeLabel')}
            </Typography>
            <Typography
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '1.1rem', fontWeight: 700, letterSpacing: 1 }}
            >
              {account.code}
            </Typography>
            <Button size="small" startIcon={<ContentCopy />} onClick={copy}>
              {t('verification.copy')}
            </Button>
          </Stack>
        </>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {errorText(t, error)}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {account.status === 'pending' ? (
          <Button
            variant="contained"
            loading={busy === 'check'}
            disabled={busy !== null}
            onClick={() => void run('check')}
            aria-label={t('verification.checkLabel', names)}
          >
            {t('verification.check')}
          </Button>
        ) : null}
        {account.status !== 'verified' ? (
          <Button
            variant={account.status === 'pending' ? 'text' : 'contained'}
            loading={busy === 'start'}
            disabled={busy !== null}
            onClick={() => void run('start')}
            aria-label={account.status === 'not_started' ? t('verification.startLabel', names) : undefined}
          >
            {account.status === 'not_started' ? t('verification.start') : t('verification.newCode')}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * The creator's linked accounts and their verification, on the profile page (ADR 032). `handles`
 * (the saved handles) changing reads the statuses again; `onChanged` lets the page re-read the
 * profile, whose follower counts a verification updates.
 */
export function AccountVerifications({ handles, onChanged }: { handles: string; onChanged: () => void }) {
  const t = useT();
  const query = useApiQuery<AccountVerification[]>('/api/creator-profile/verifications');
  const { refetch } = query;
  const shownHandles = useRef(handles);
  // Saved handles start over (a changed handle is no longer verified): read the statuses again.
  useEffect(() => {
    if (shownHandles.current === handles) return;
    shownHandles.current = handles;
    void refetch();
  }, [handles, refetch]);
  if (query.isLoading) return <PageLoader />;
  if (query.error) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  if (!query.data?.length) return null;
  return (
    <Card sx={{ mt: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6">
          {t('verification.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('verification.intro')}
        </Typography>
        {query.data.map((account) => (
          <AccountRow
            key={account.platform}
            account={account}
            onChanged={() => {
              void query.refetch();
              onChanged();
            }}
          />
        ))}
      </CardContent>
    </Card>
  );
}
