import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';

const NotificationsPage = lazyNamed(() => import('../pages/notifications/notifications-page'), 'NotificationsPage');

/** The notifications page (the bell is in the app bar), mounted inside the signed-in layout. */
export const notificationRoutes = <Route path="notifications" element={<NotificationsPage />} />;
