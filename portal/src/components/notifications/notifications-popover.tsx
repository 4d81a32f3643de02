import type { Notification } from '@kollab/contract/api/notifications';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { NotificationList } from './notification-list';
import { fetchNotifications, markAllNotificationsRead, useNotificationState } from './notifications-store';

const RECENT = 8;

/** The bell's popover: the newest notifications (reloaded when they change), "mark all read" and a link to all. */
export function NotificationsPopover({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const { data } = useSession();
  const { version, unreadCount } = useNotificationState(data?.user.id);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` grows when the notifications change.
  useEffect(() => {
    let current = true;
    fetchNotifications({ limit: RECENT }).then(
      (page) => {
        if (!current) return;
        setItems(page.data);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [version]);
  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('notifications.recent')}
        </Typography>
        <Button
          size="small"
          disabled={unreadCount === 0}
          onClick={() => void markAllNotificationsRead().catch(() => {})}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Box>
      <Divider />
      <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
        {failed ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {t('notifications.loadFailed')}
          </Alert>
        ) : items === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={24} aria-label={t('notifications.recent')} />
          </Box>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>{t('notifications.empty')}</Typography>
        ) : (
          <NotificationList items={items} onFollow={onClose} />
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notifications" onClick={onClose}>
          {t('notifications.showAll')}
        </Button>
      </Box>
    </Popover>
  );
}
