import type { HomeConversation } from '@kollab/contract/api/home';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';
import { CountBadge } from './count-badge';
import { HomeItem, HomeList, HomeSection } from './home-section';

/** The newest conversations, each with its unread count, and the unread total beside the heading. */
export function RecentMessages({ unread, conversations }: { unread: number; conversations: HomeConversation[] }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <HomeSection
      title={t('home.messages.title')}
      count={unread}
      countLabel={t('home.messages.unreadTotal', { count: unread })}
      links={[{ to: '/messages', label: t('home.messages.all') }]}
    >
      <HomeList empty={t('home.messages.empty')}>
        {conversations.map((conversation) => (
          <HomeItem
            key={conversation.claimId}
            to={`/messages/${encodeURIComponent(conversation.claimId)}`}
            label={t('home.messages.conversation', {
              counterpart: conversation.counterpart,
              campaign: conversation.campaign.title,
            })}
            detail={conversation.lastMessageAt ? format.dateTime(conversation.lastMessageAt) : undefined}
            aside={
              conversation.unread > 0 ? (
                <CountBadge tone="secondary">{t('home.messages.unread', { count: conversation.unread })}</CountBadge>
              ) : undefined
            }
          />
        ))}
      </HomeList>
    </HomeSection>
  );
}
