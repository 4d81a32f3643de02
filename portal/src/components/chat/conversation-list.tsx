import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { formatCount } from '../../lib/format-count';
import { visuallyHidden } from '../layout/visually-hidden';
import { ChatAvatar } from './chat-avatar';
import { formatListTime } from './format';
import type { Conversation } from './types';

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The person selector: one row per conversation, newest message first, with unread counts. */
export function ConversationList({
  conversations,
  selectedId,
  userId,
}: {
  conversations: Conversation[];
  selectedId: string | undefined;
  userId: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <List aria-label={t('chat.list.label')} disablePadding>
      {conversations.map((conversation) => {
        const { lastMessage, unread, counterpart } = conversation;
        const isSelected = conversation.claimId === selectedId;
        const isOwn = lastMessage?.author.id === userId;
        const preview = !lastMessage
          ? t('chat.list.noMessages')
          : isOwn
            ? t('chat.list.ownPreview', { body: lastMessage.body })
            : lastMessage.author.role === 'admin'
              ? t('chat.list.supportPreview', { body: lastMessage.body })
              : lastMessage.body;
        return (
          <ListItem key={conversation.claimId} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/messages/${conversation.claimId}`}
              selected={isSelected}
              aria-current={isSelected ? 'page' : undefined}
              sx={{ alignItems: 'flex-start', gap: 0.5, py: 1.5 }}
            >
              <ListItemAvatar sx={{ mt: 0.5 }}>
                <ChatAvatar name={counterpart.name} image={counterpart.image} />
              </ListItemAvatar>
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography component="span" sx={{ ...oneLine, flexGrow: 1, fontWeight: unread > 0 ? 700 : 600 }}>
                    {counterpart.name}
                  </Typography>
                  {lastMessage ? (
                    <Typography
                      component="time"
                      dateTime={lastMessage.createdAt}
                      variant="caption"
                      color="text.secondary"
                      sx={{ flexShrink: 0 }}
                    >
                      {formatListTime(lastMessage.createdAt, locale)}
                    </Typography>
                  ) : null}
                </Box>
                <Typography component="span" variant="body2" color="primary.dark" sx={{ ...oneLine, display: 'block' }}>
                  {conversation.campaign.title}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography
                    component="span"
                    variant="body2"
                    color={unread > 0 ? 'text.primary' : 'text.secondary'}
                    sx={{ ...oneLine, flexGrow: 1, fontWeight: unread > 0 ? 600 : 400 }}
                  >
                    {preview}
                  </Typography>
                  {unread > 0 ? (
                    <>
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          flexShrink: 0,
                          minWidth: 22,
                          height: 22,
                          px: 0.75,
                          borderRadius: 11,
                          bgcolor: 'error.main',
                          color: 'error.contrastText',
                          fontSize: 12,
                          fontWeight: 700,
                          display: 'grid',
                          placeItems: 'center',
                        }}
                      >
                        {unread > 99 ? '99+' : formatCount(unread, locale)}
                      </Box>
                      <span style={visuallyHidden}>
                        {unread === 1 ? t('chat.nav.unreadOne') : t('chat.nav.unreadMany', { count: unread })}
                      </span>
                    </>
                  ) : null}
                </Box>
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
