import Done from '@mui/icons-material/Done';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { visuallyHidden } from '../layout/visually-hidden';
import { ChatAvatar } from './chat-avatar';
import { formatTime } from './format';
import { MessageBody } from './message-body';
import type { ChatMessage } from './types';

/** The name to show for an author: support and deleted accounts get our own words. */
export function useAuthorName() {
  const t = useT();
  return (author: ChatMessage['author']) =>
    author.role === 'admin'
      ? t('chat.thread.support')
      : author.role === 'deleted'
        ? t('chat.thread.deletedUser')
        : author.name;
}

/**
 * One message: ours on the right with ✓ (sent) or ✓✓ (read by the other party), theirs on the
 * left with the author's name at the start of a run of messages.
 */
export function MessageItem({
  message,
  isOwn,
  isRead,
  showAuthor,
}: {
  message: ChatMessage;
  isOwn: boolean;
  isRead: boolean;
  showAuthor: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const authorName = useAuthorName()(message.author);
  const isSupport = message.author.role === 'admin';
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        justifyContent: isOwn ? 'flex-end' : 'flex-start',
        alignItems: 'flex-end',
        gap: 1,
        mt: showAuthor ? 1.5 : 0.5,
      }}
    >
      {isOwn ? null : (
        <Box sx={{ width: 32, flexShrink: 0 }}>
          {showAuthor ? (
            <ChatAvatar name={authorName} image={message.author.image} isSupport={isSupport} size={32} />
          ) : null}
        </Box>
      )}
      <Box
        sx={{
          maxWidth: { xs: '85%', sm: '75%' },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          ...(isOwn
            ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderBottomRightRadius: 4 }
            : {
                bgcolor: isSupport ? '#e0f2f1' : 'grey.100',
                color: 'text.primary',
                borderBottomLeftRadius: 4,
                border: 1,
                borderColor: isSupport ? 'primary.light' : 'grey.200',
              }),
        }}
      >
        {isOwn ? (
          <span style={visuallyHidden}>{t('chat.thread.you')}: </span>
        ) : (
          <Typography
            component="span"
            variant="caption"
            sx={showAuthor ? { display: 'block', fontWeight: 700, color: 'primary.dark' } : visuallyHidden}
          >
            {authorName}
            {showAuthor ? null : ': '}
          </Typography>
        )}
        <Typography
          component="p"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: '0.95rem', m: 0 }}
        >
          <MessageBody body={message.body} />
        </Typography>
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 0.5,
            mt: 0.25,
            opacity: isOwn ? 0.9 : 0.75,
          }}
        >
          <Typography component="time" dateTime={message.createdAt} variant="caption" sx={{ lineHeight: 1 }}>
            {formatTime(message.createdAt, locale)}
          </Typography>
          {isOwn ? (
            isRead ? (
              <DoneAll sx={{ fontSize: 16 }} titleAccess={t('chat.thread.read')} />
            ) : (
              <Done sx={{ fontSize: 16 }} titleAccess={t('chat.thread.sent')} />
            )
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
