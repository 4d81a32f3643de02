import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-named';

// The bell's count comes with the chat store and stream (ADR 039), which the home's first load
// does not need (ADR 034): the button loads just after, with the icon holding its place meanwhile.
const NotificationBellButton = lazyNamed(() => import('./notification-bell-button'), 'NotificationBellButton');

/** The app bar's notification bell (`notification-bell-button.tsx`), loaded after the page. */
export function NotificationBell() {
  return (
    <Suspense
      fallback={
        <Box aria-hidden sx={{ display: 'inline-flex', p: 1 }}>
          <NotificationsNone />
        </Box>
      }
    >
      <NotificationBellButton />
    </Suspense>
  );
}
