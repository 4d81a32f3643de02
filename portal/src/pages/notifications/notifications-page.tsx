import type { Notification } from '@kollab/contract/api/notifications';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { NotificationList } from '../../components/notifications/notification-list';
import {
  fetchNotifications,
  markAllNotificationsRead,
  useNotificationState,
} from '../../components/notifications/notifications-store';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';

const PAGE = 20;

/** All of the user's notifications, newest first, a page at a time; live as the bell. */
export function NotificationsPage() {
  const t = useT();
  const { data } = useSession();
  const { version, unreadCount } = useNotificationState(data?.user.id);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Reloads the pages shown so far when something changes (a new one arrives, one is read).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` grows when the notifications change.
  useEffect(() => {
    let current = true;
    fetchNotifications({ limit: Math.max(PAGE, items?.length ?? 0) }).then(
      (page) => {
        if (!current) return;
        setItems(page.data);
        setCursor(page.nextCursor);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [version]);
  const loadMore = async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await fetchNotifications({ limit: PAGE, cursor });
      setItems((before) => [...(before ?? []), ...page.data]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        action={
          <Button
            variant="outlined"
            disabled={unreadCount === 0}
            onClick={() => void markAllNotificationsRead().catch(() => setFailed(true))}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      {failed ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('notifications.loadFailed')}
        </Alert>
      ) : null}
      {items === null ? (
        failed ? null : (
          <PageLoader />
        )
      ) : items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('notifications.empty')}</Typography>
      ) : (
        <Card component="section" aria-label={t('notifications.title')}>
          <NotificationList items={items} />
        </Card>
      )}
      {cursor ? (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button onClick={() => void loadMore()} disabled={loadingMore}>
            {t('notifications.loadMore')}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
