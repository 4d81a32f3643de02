import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import { Suspense } from 'react';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

// Lazy, so nothing of the chat (not even the nav badge) lands in the sign-in bundle.
const MessagesPage = lazyNamed(() => import('../pages/messages/messages-page'), 'MessagesPage');
const MessagesNavIcon = lazyNamed(() => import('../components/chat/messages-nav-icon'), 'MessagesNavIcon');

/** The chat area's routes, mounted inside the signed-in layout (see app.tsx). */
export const chatRoutes = (
  <>
    {/* One route for both, so choosing another conversation keeps the page (and its list) mounted. */}
    <Route path="messages/:claimId?" element={<MessagesPage />} />
  </>
);

export const chatNav: NavItem[] = [
  {
    to: '/messages',
    label: 'chat.nav.messages',
    icon: (
      <Suspense fallback={<ChatBubbleOutline />}>
        <MessagesNavIcon />
      </Suspense>
    ),
    roles: ['creator', 'brand', 'admin'],
  },
];
