import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { Suspense, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { lazyNamed } from '../../lib/lazy-named';
import { useSession } from '../../providers/session';
import { useChat } from '../chat/chat-store';
import { useNotificationState } from './notifications-store';

// The list (MUI's Popover and List, and its request) loads on the first click: every page shows the bell.
const NotificationsPopover = lazyNamed(() => import('./notifications-popover'), 'NotificationsPopover');

/**
 * The app bar's bell: the unread count, live from the tab's one chat stream (held through the chat
 * store, so the bell opens no connection of its own), and the recent notifications on a click.
 */
export function NotificationBellButton() {
  const t = useT();
  const { data } = useSession();
  const userId = data?.user.id;
  useChat(userId);
  const { unreadCount } = useNotificationState(userId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  if (!userId) return null;
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={
          unreadCount > 0 ? t('notifications.bell.labelUnread', { count: unreadCount }) : t('notifications.bell.label')
        }
        aria-controls={anchor ? popoverId : undefined}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
      >
        {/* No badge at 0: MUI keeps the last number (scaled to nothing) while it animates out,
            which axe counts as visible text missing from the button's name. */}
        {unreadCount > 0 ? (
          <Badge
            badgeContent={unreadCount}
            max={99}
            color="error"
            slotProps={{ badge: { 'aria-hidden': true } as object }}
          >
            <NotificationsNone />
          </Badge>
        ) : (
          <NotificationsNone />
        )}
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <NotificationsPopover id={popoverId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
