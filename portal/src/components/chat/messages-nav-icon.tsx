import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import Badge from '@mui/material/Badge';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { visuallyHidden } from '../layout/visually-hidden';
import { useChat } from './chat-store';

/**
 * The "Messages" nav icon with the unread total, live from the chat stream. The number is hidden
 * from screen readers; they hear "3 unread" before the link's text instead.
 */
export function MessagesNavIcon() {
  const t = useT();
  const { data } = useSession();
  const { unreadTotal } = useChat(data?.user.id);
  return (
    <>
      <Badge badgeContent={unreadTotal} max={99} color="error" slotProps={{ badge: { 'aria-hidden': true } as object }}>
        <ChatBubbleOutline />
      </Badge>
      {unreadTotal > 0 ? (
        <span style={visuallyHidden}>
          {unreadTotal === 1 ? t('chat.nav.unreadOne') : t('chat.nav.unreadMany', { count: unreadTotal })}{' '}
        </span>
      ) : null}
    </>
  );
}
