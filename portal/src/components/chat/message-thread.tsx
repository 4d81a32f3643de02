import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useChatStreamEvents, useChatStreamStatus } from '../../hooks/use-chat-stream';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { Role } from '../../lib/auth-client';
import { errorText } from '../../lib/error-text';
import { ChatAvatar } from './chat-avatar';
import { applyMessage, markReadLocally } from './chat-store';
import { Composer } from './composer';
import { dayKey, daysAgo, formatDay } from './format';
import { MessageItem } from './message-item';
import { ModerationBar } from './moderation-bar';
import { type ChatMessage, type Conversation, PAGE_SIZE } from './types';

/** Merges pages and live messages: one entry per id, oldest first. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

const NEAR_BOTTOM_PX = 80;

/**
 * One conversation: history that loads older pages when scrolled to the top, live messages from
 * the chat stream, read ticks, marking read while it is on screen, and the composer.
 */
export function MessageThread({
  conversation,
  userId,
  role,
  showBack,
  onCaseChanged,
}: {
  conversation: Conversation;
  userId: string;
  role: Role;
  showBack: boolean;
  /** After a report or a closed moderation case: reload the conversations. */
  onCaseChanged: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { claimId, counterpart, counterpartLastReadId, unread } = conversation;
  const base = `/api/conversations/${encodeURIComponent(claimId)}`;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const [hasNewBelow, setHasNewBelow] = useState(false);
  const streamStatus = useChatStreamStatus();
  const isVisible = useDocumentVisible();

  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const isNearBottom = useRef(true);
  /** Distance from the bottom before older messages were put on top, to keep the view still. */
  const restoreFromBottom = useRef<number | null>(null);
  const shownRange = useRef<{ first?: number; last?: number }>({});
  const markedUpTo = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // On phones the list is gone once a conversation opens: start keyboard and screen reader users here.
  useEffect(() => {
    if (showBack) headingRef.current?.focus();
  }, [showBack]);

  const loadNewest = useCallback(async () => {
    setStatus('loading');
    setLoadError(null);
    try {
      const { data } = await apiFetch<{ data: ChatMessage[] }>(`${base}/messages?limit=${PAGE_SIZE}`);
      setMessages((current) => merge(current, data));
      setHasOlder(data.length === PAGE_SIZE);
      setStatus('ready');
    } catch (error) {
      setLoadError(error);
      setStatus('error');
    }
  }, [base]);

  useEffect(() => {
    void loadNewest();
  }, [loadNewest]);

  const oldestId = messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (!oldestId || isLoadingOlder) return;
    setIsLoadingOlder(true);
    setOlderError(null);
    try {
      const { data } = await apiFetch<{ data: ChatMessage[] }>(
        `${base}/messages?before=${oldestId}&limit=${PAGE_SIZE}`,
      );
      const scroller = scrollRef.current;
      if (scroller) restoreFromBottom.current = scroller.scrollHeight - scroller.scrollTop;
      setMessages((current) => merge(current, data));
      setHasOlder(data.length === PAGE_SIZE);
    } catch (error) {
      setOlderError(error);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [base, oldestId, isLoadingOlder]);

  useChatStreamEvents((event) => {
    if (event.type === 'message' && event.message.claimId === claimId) {
      setMessages((current) => merge(current, [event.message]));
    }
  });

  const send = async (body: string) => {
    const { data } = await apiFetch<{ data: ChatMessage }>(`${base}/messages`, { method: 'POST', json: { body } });
    isNearBottom.current = true;
    setMessages((current) => merge(current, [data]));
    applyMessage(data);
  };

  // Keep the view where the reader is: still when older messages arrive on top, at the bottom when
  // new ones arrive and they were there (or sent them), otherwise a "new messages" button.
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || status !== 'ready') return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const previous = shownRange.current;
    shownRange.current = { first, last };
    if (restoreFromBottom.current !== null) {
      scroller.scrollTop = scroller.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
      return;
    }
    if (last === previous.last && previous.last !== undefined) return;
    const newest = messages.at(-1);
    if (previous.last === undefined || isNearBottom.current || newest?.author.id === userId) {
      scroller.scrollTop = scroller.scrollHeight;
      isNearBottom.current = true;
      setHasNewBelow(false);
    } else {
      setHasNewBelow(true);
    }
  }, [messages, status, userId]);

  const onScroll = () => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    isNearBottom.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM_PX;
    if (isNearBottom.current) setHasNewBelow(false);
  };

  const scrollToBottom = () => {
    const scroller = scrollRef.current;
    if (scroller) scroller.scrollTo({ top: scroller.scrollHeight, behavior: 'smooth' });
    setHasNewBelow(false);
  };

  // Infinite scroll: the top of the history coming into view loads the page before it. A new
  // observer per page reports at once if the top is still in view (a tall screen, a short page).
  useEffect(() => {
    const scroller = scrollRef.current;
    const top = topRef.current;
    if (!scroller || !top || status !== 'ready' || !hasOlder || isLoadingOlder || olderError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
      },
      { root: scroller, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [status, hasOlder, isLoadingOlder, olderError, loadOlder]);

  // Mark read while the conversation is on screen and has unread messages, up to the newest one.
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (status !== 'ready' || !isVisible || newestId === undefined || unread === 0) return;
    if (newestId <= markedUpTo.current) return;
    markedUpTo.current = newestId;
    markReadLocally(claimId);
    apiFetch(`${base}/read`, { method: 'POST', json: { lastReadId: newestId } }).catch(() => {
      // Try again with the next message or the next visit; the list keeps the server's count.
      markedUpTo.current = 0;
    });
  }, [status, isVisible, newestId, unread, claimId, base]);

  const logLabel = t('chat.thread.label', { name: counterpart.name });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, position: 'relative' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1, sm: 2 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {showBack ? (
          <IconButton component={RouterLink} to="/messages" aria-label={t('chat.thread.back')} edge="start">
            <ArrowBack />
          </IconButton>
        ) : null}
        <ChatAvatar name={counterpart.name} image={counterpart.image} />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, lineHeight: 1.3, '&:focus': { outline: 'none' } }}
            noWrap
          >
            {counterpart.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {conversation.campaign.title}
          </Typography>
        </Box>
        {streamStatus === 'reconnecting' ? (
          <Typography role="status" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {t('chat.thread.reconnecting')}
          </Typography>
        ) : null}
      </Box>
      <ModerationBar conversation={conversation} role={role} onChanged={onCaseChanged} />

      <Box
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label={logLabel}
        tabIndex={0}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          px: { xs: 1, sm: 2 },
          py: 1,
          bgcolor: '#fbfaf7',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <div ref={topRef} />
        {status === 'loading' ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : null}
        {status === 'error' ? (
          <Alert
            severity="error"
            sx={{ my: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void loadNewest()}>
                {t('chat.retry')}
              </Button>
            }
          >
            {errorText(t, loadError)}
          </Alert>
        ) : null}
        {status === 'ready' && hasOlder ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 1 }}>
            {olderError ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={() => void loadOlder()}>
                    {t('chat.retry')}
                  </Button>
                }
              >
                {errorText(t, olderError)}
              </Alert>
            ) : (
              <Button size="small" onClick={() => void loadOlder()} loading={isLoadingOlder}>
                {t('chat.thread.older')}
              </Button>
            )}
          </Box>
        ) : null}
        {status === 'ready' && !hasOlder && messages.length > 0 ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', my: 1 }}>
            {t('chat.thread.start', { campaign: conversation.campaign.title })}
          </Typography>
        ) : null}
        {status === 'ready' && messages.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('chat.thread.empty.title')}
            </Typography>
            <Typography color="text.secondary" variant="body2">
              {t('chat.thread.empty.body', { name: counterpart.name })}
            </Typography>
          </Box>
        ) : null}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const isNewDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
            const days = daysAgo(new Date(message.createdAt));
            const day =
              days === 0
                ? t('chat.thread.today')
                : days === 1
                  ? t('chat.thread.yesterday')
                  : formatDay(message.createdAt, locale);
            const isOwn = message.author.id !== null && message.author.id === userId;
            return (
              <Fragment key={message.id}>
                {isNewDay ? (
                  <Box
                    component="li"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 1.5,
                      my: 2,
                      color: 'text.secondary',
                      '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
                    }}
                  >
                    <Typography component="span" variant="caption" sx={{ fontWeight: 600 }}>
                      {day}
                    </Typography>
                  </Box>
                ) : null}
                <MessageItem
                  message={message}
                  isOwn={isOwn}
                  isRead={isOwn && message.id <= counterpartLastReadId}
                  showAuthor={isNewDay || previous?.author.id !== message.author.id}
                />
              </Fragment>
            );
          })}
        </Box>
      </Box>

      {hasNewBelow ? (
        <Button
          variant="contained"
          size="small"
          onClick={scrollToBottom}
          startIcon={<ArrowDownward />}
          sx={{ position: 'absolute', bottom: 120, left: '50%', transform: 'translateX(-50%)', borderRadius: 4 }}
        >
          {t('chat.thread.newBelow')}
        </Button>
      ) : null}

      <Composer onSend={send} />
    </Box>
  );
}
