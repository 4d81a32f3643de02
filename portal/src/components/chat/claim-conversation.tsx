import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../providers/session';
import { PageLoader } from '../layout/page-loader';
import { useChat } from './chat-store';
import { MessageThread } from './message-thread';

/** The claim's conversation, live, inside another page's "messages" tab (the same thread as /messages). */
export function ClaimConversation({ claimId }: { claimId: string }) {
  const t = useT();
  const { data } = useSession();
  const chat = useChat(data?.user.id);
  if (!data) return null;
  if (chat.status === 'loading' || chat.status === 'idle') return <PageLoader />;
  if (chat.status === 'error') return <Alert severity="error">{errorText(t, chat.error)}</Alert>;
  const conversation = chat.conversations.find((item) => item.claimId === claimId);
  if (!conversation) return null;
  return (
    <Box sx={{ height: { xs: '70vh', md: 560 }, display: 'flex', flexDirection: 'column' }}>
      <MessageThread
        conversation={conversation}
        userId={data.user.id}
        role={data.user.role}
        showBack={false}
        onCaseChanged={chat.reload}
      />
    </Box>
  );
}
