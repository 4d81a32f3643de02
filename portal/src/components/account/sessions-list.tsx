import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useId, useRef, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { type Translate, useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { AccountSession, SessionsRevoked } from '../../lib/api-types';
import { errorText } from '../../lib/error-text';
import { useFormat } from '../campaigns/use-format';

const SESSIONS_URL = '/api/account/sessions';

/** "Firefox 133 on Linux", or as much of it as the browser told. */
function deviceName(t: Translate, session: AccountSession): string {
  const browser = session.browser ?? t('account.sessions.unknownBrowser');
  const name = session.os ? t('account.sessions.device', { browser, os: session.os }) : browser;
  return session.mobile ? `${name} (${t('account.sessions.mobile')})` : name;
}

/**
 * The account's active sessions (ADR 021): device, network range, when signed in and last active,
 * "this device" marked, with sign-out per session and for all the others. Signing out needs a
 * recent sign-in; the one HTTP client asks for the password when the API says so.
 */
export function SessionsList() {
  const t = useT();
  const format = useFormat();
  const { open: notify } = useNotification();
  const labelId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { data: sessions, isLoading, error, refetch } = useApiQuery<AccountSession[]>(SESSIONS_URL);
  const [pending, setPending] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const act = async (key: string, request: () => Promise<string>) => {
    setPending(key);
    setActionError(null);
    try {
      const message = await request();
      await refetch();
      notify?.({ type: 'success', message });
      // The button that was pressed is gone: keep keyboard focus in the list.
      listRef.current?.focus();
    } catch (failure) {
      setActionError(errorText(t, failure));
    } finally {
      setPending(null);
    }
  };
  const signOut = (session: AccountSession) =>
    act(session.id, async () => {
      await apiFetch(`${SESSIONS_URL}/${encodeURIComponent(session.id)}`, { method: 'DELETE' });
      return t('account.sessions.signedOut');
    });
  const signOutOthers = () =>
    act('others', async () => {
      const { revoked } = await apiFetch<SessionsRevoked>(`${SESSIONS_URL}/revoke-others`, { method: 'POST' });
      return t('account.sessions.signedOutOthers', { count: revoked });
    });

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Box>
    );
  }
  if (error || !sessions) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('account.sessions.retry')}
          </Button>
        }
      >
        {errorText(t, error)}
      </Alert>
    );
  }
  const others = sessions.filter((session) => !session.current);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('account.sessions.intro')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('account.sessions.placeNote')}
      </Typography>
      {actionError ? <Alert severity="error">{actionError}</Alert> : null}
      <Typography id={labelId} component="h3" variant="subtitle2">
        {t('account.sessions.listLabel')}
      </Typography>
      <List aria-labelledby={labelId} disablePadding ref={listRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {sessions.map((session) => {
          const device = deviceName(t, session);
          const lastSeen = format.dateTime(session.lastSeenAt);
          const Icon = session.mobile ? SmartphoneOutlined : ComputerOutlined;
          return (
            <ListItem key={session.id} divider sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', py: 1.5 }}>
              <Icon aria-hidden sx={{ mt: 0.5, color: 'text.secondary' }} />
              <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>{device}</Typography>
                  {session.current ? (
                    <Chip size="small" color="primary" label={t('account.sessions.thisDevice')} />
                  ) : null}
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {session.place
                    ? t('account.sessions.place', { place: session.place })
                    : t('account.sessions.placeUnknown')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('account.sessions.lastSeen', { date: lastSeen })} ·{' '}
                  {t('account.sessions.signedIn', { date: format.dateTime(session.createdAt) })}
                </Typography>
              </Box>
              {session.current ? null : (
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => void signOut(session)}
                  loading={pending === session.id}
                  disabled={pending !== null && pending !== session.id}
                  aria-label={t('account.sessions.signOutLabel', { device, date: lastSeen })}
                >
                  {t('account.sessions.signOut')}
                </Button>
              )}
            </ListItem>
          );
        })}
      </List>
      {others.length === 0 ? (
        <Typography color="text.secondary">{t('account.sessions.onlyThis')}</Typography>
      ) : (
        <Button
          variant="outlined"
          color="error"
          onClick={() => void signOutOthers()}
          loading={pending === 'others'}
          disabled={pending !== null && pending !== 'others'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.sessions.signOutOthers')}
        </Button>
      )}
    </Stack>
  );
}
