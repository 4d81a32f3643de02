import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../providers/session';
import { EmptyState } from '../campaigns/empty-state';
import { ChatAvatar } from '../chat/chat-avatar';
import { useChat } from '../chat/chat-store';
import { ClaimConversation } from '../chat/claim-conversation';
import { PageLoader } from '../layout/page-loader';

/**
 * The campaign's conversations (one per claim): the creators on the left, the chosen one's thread
 * beside them (below on phones). The choice is `?with=<claim id>`, so a conversation can be linked.
 */
export function CampaignMessages({ campaignId }: { campaignId: string }) {
  const t = useT();
  const { data: session } = useSession();
  const chat = useChat(session?.user.id);
  const [params] = useSearchParams();
  if (!session) return null;
  if (chat.status === 'loading' || chat.status === 'idle') return <PageLoader />;
  if (chat.status === 'error') return <Alert severity="error">{errorText(t, chat.error)}</Alert>;
  const conversations = chat.conversations.filter((conversation) => conversation.campaign.id === campaignId);
  if (conversations.length === 0) {
    return <EmptyState title={t('desk.messages.emptyTitle')} body={t('desk.messages.emptyBody')} />;
  }
  const selected = conversations.find((conversation) => conversation.claimId === params.get('with'));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' } }}>
      <Card>
        <List aria-label={t('desk.messages.list')} disablePadding>
          {conversations.map((conversation) => {
            const isSelected = conversation === selected;
            return (
              <ListItem key={conversation.claimId} disablePadding divider>
                <ListItemButton
                  component={RouterLink}
                  to={`?with=${encodeURIComponent(conversation.claimId)}`}
                  selected={isSelected}
                  aria-current={isSelected ? 'page' : undefined}
                >
                  <ListItemAvatar>
                    <ChatAvatar name={conversation.counterpart.name} image={conversation.counterpart.image} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={conversation.counterpart.name}
                    secondary={
                      conversation.unread > 0 ? t('desk.messages.unread', { count: conversation.unread }) : undefined
                    }
                    slotProps={{ primary: { sx: { fontWeight: conversation.unread > 0 ? 700 : 500 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Card>
      {selected ? (
        <Card sx={{ minWidth: 0 }}>
          <ClaimConversation claimId={selected.claimId} />
        </Card>
      ) : (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('desk.messages.pick')}
        </Typography>
      )}
    </Box>
  );
}
