import type { Notification } from '@kollab/contract/api/notifications';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { visuallyHidden } from '../layout/visually-hidden';
import { notificationText, notificationTime } from './notification-text';
import { markNotificationRead } from './notifications-store';

/**
 * Notifications as links to their screens; following one marks it read. Unread ones are bold with
 * a dot, and screen readers hear "Unread" before the text.
 */
export function NotificationList({ items, onFollow }: { items: Notification[]; onFollow?: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <List disablePadding>
      {items.map((item) => {
        const unread = item.readAt === null;
        return (
          <ListItem key={item.id} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={item.link}
              onClick={() => {
                if (unread) void markNotificationRead(item.id).catch(() => {});
                onFollow?.();
              }}
              sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25 }}
            >
              <Box
                aria-hidden
                sx={{
                  mt: 0.9,
                  width: 8,
                  height: 8,
                  flexShrink: 0,
                  borderRadius: '50%',
                  bgcolor: unread ? 'primary.main' : 'transparent',
                }}
              />
              <ListItemText
                primary={
                  <>
                    {unread ? <span style={visuallyHidden}>{t('notifications.unread')}: </span> : null}
                    {notificationText(t, locale, item)}
                  </>
                }
                secondary={notificationTime(locale, item.createdAt)}
                slotProps={{
                  primary: { sx: { fontWeight: unread ? 600 : 400, overflowWrap: 'anywhere' } },
                  secondary: { sx: { color: 'text.secondary' } },
                }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
