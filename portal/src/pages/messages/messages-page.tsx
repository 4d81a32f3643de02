import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useParams } from 'react-router';
import { useChat } from '../../components/chat/chat-store';
import { ConversationList } from '../../components/chat/conversation-list';
import { MessageThread } from '../../components/chat/message-thread';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { visuallyHidden } from '../../components/layout/visually-hidden';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../providers/session';

// What the chat panel leaves to the window: on phones the app bar, the page's padding and the bottom
// bar with the safe area below it (ADR 040); from `md` the app bar, the nav row, padding and heading.
const PANEL_HEIGHT = {
  xs: 'max(420px, calc(100dvh - 160px - env(safe-area-inset-bottom)))',
  md: 'max(480px, calc(100dvh - 275px))',
};

/**
 * Messages: the person selector and the open conversation side by side from `md`; below it they
 * are separate views (`/messages` lists, `/messages/:claimId` shows one conversation).
 */
export function MessagesPage() {
  const t = useT();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { claimId } = useParams();
  const { data } = useSession();
  const user = data?.user;
  const chat = useChat(user?.id);
  if (!user) return null;

  const selected = claimId ? chat.conversations.find((item) => item.claimId === claimId) : undefined;
  const showList = isWide || !claimId;
  const showThread = isWide || !!claimId;
  const header = (
    <Box sx={!isWide && claimId ? visuallyHidden : undefined}>
      <PageHeader title={t('chat.title')} intro={isWide || !claimId ? t(`chat.intro.${user.role}`) : undefined} />
    </Box>
  );

  if (chat.status === 'loading' || chat.status === 'idle') {
    return (
      <>
        {header}
        <PageLoader />
      </>
    );
  }
  if (chat.status === 'error') {
    return (
      <>
        {header}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={chat.reload}>
              {t('chat.retry')}
            </Button>
          }
        >
          {errorText(t, chat.error)}
        </Alert>
      </>
    );
  }
  if (chat.conversations.length === 0) {
    return (
      <>
        {header}
        <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <ForumOutlined color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography component="h2" variant="h6" gutterBottom>
            {t('chat.empty.title')}
          </Typography>
          <Typography color="text.secondary">{t(`chat.empty.body.${user.role}`)}</Typography>
        </Card>
      </>
    );
  }

  const notFound = claimId && !selected;
  return (
    <>
      {header}
      <Card
        sx={{
          display: 'grid',
          gridTemplateColumns: isWide ? 'minmax(260px, 320px) 1fr' : '1fr',
          height: showThread ? PANEL_HEIGHT : undefined,
          overflow: 'hidden',
        }}
      >
        {showList ? (
          <Box
            component="section"
            aria-label={t('chat.list.label')}
            sx={{
              overflowY: 'auto',
              minHeight: 0,
              borderRight: isWide ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            <ConversationList conversations={chat.conversations} selectedId={claimId} userId={user.id} />
          </Box>
        ) : null}
        {showThread ? (
          <Box component="section" aria-label={t('chat.thread.section')} sx={{ minHeight: 0, minWidth: 0 }}>
            {selected ? (
              <MessageThread
                key={selected.claimId}
                conversation={selected}
                userId={user.id}
                role={user.role}
                showBack={!isWide}
                onCaseChanged={chat.reload}
              />
            ) : notFound ? (
              <Box sx={{ p: 3 }}>
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('chat.thread.notFound')}
                </Alert>
                <Button component={RouterLink} to="/messages">
                  {t('chat.thread.backToList')}
                </Button>
              </Box>
            ) : (
              <Box
                sx={{
                  height: '100%',
                  display: 'grid',
                  placeItems: 'center',
                  textAlign: 'center',
                  p: 3,
                  color: 'text.secondary',
                }}
              >
                <Box>
                  <ForumOutlined sx={{ fontSize: 48, mb: 1 }} aria-hidden />
                  <Typography>{t('chat.thread.choose')}</Typography>
                </Box>
              </Box>
            )}
          </Box>
        ) : null}
      </Card>
    </>
  );
}
