import type { BrandHome as BrandHomeData } from '@kollab/contract/api/home';
import Box from '@mui/material/Box';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';
import { HomeItem, HomeList, HomeSection } from './home-section';
import { RecentMessages } from './recent-messages';
import { useRelativeTime } from './relative-time';

const claimLink = (claimId: string) => `/claims/${encodeURIComponent(claimId)}`;

/**
 * A brand's home: claims to approve and videos to review across its campaigns (each links to the
 * claim's page, where both are done), drafts to pay or publish, and its messages.
 */
export function BrandHome({ data }: { data: BrandHomeData }) {
  const t = useT();
  const format = useMoneyFormat();
  const relative = useRelativeTime();
  const count = (value: number) => t('home.count', { count: value });
  const allCampaigns = { to: '/brand/campaigns', label: t('home.brand.campaigns') };
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <HomeSection
        title={t('home.brand.review.title')}
        count={data.videosToReview.count}
        countLabel={count(data.videosToReview.count)}
        links={
          data.videosToReview.count > data.videosToReview.items.length
            ? [{ ...allCampaigns, label: t('home.more', { count: data.videosToReview.count }) }]
            : []
        }
      >
        <HomeList empty={t('home.brand.review.empty')}>
          {data.videosToReview.items.map((item) => (
            <HomeItem
              key={item.claimId}
              to={claimLink(item.claimId)}
              label={t('home.brand.review.item', { creator: item.creatorName, campaign: item.campaign.title })}
              detail={
                item.autoAcceptAt
                  ? t('home.brand.review.autoAccept', {
                      when: relative(item.autoAcceptAt),
                      date: format.dateTime(item.autoAcceptAt),
                    })
                  : undefined
              }
            />
          ))}
        </HomeList>
      </HomeSection>
      <HomeSection
        title={t('home.brand.approve.title')}
        count={data.claimsToApprove.count}
        countLabel={count(data.claimsToApprove.count)}
        links={
          data.claimsToApprove.count > data.claimsToApprove.items.length
            ? [{ ...allCampaigns, label: t('home.more', { count: data.claimsToApprove.count }) }]
            : []
        }
      >
        <HomeList empty={t('home.brand.approve.empty')}>
          {data.claimsToApprove.items.map((item) => (
            <HomeItem
              key={item.claimId}
              to={claimLink(item.claimId)}
              label={t('home.brand.approve.item', { creator: item.creatorName, campaign: item.campaign.title })}
              detail={t('home.brand.approve.since', { date: format.date(item.since) })}
            />
          ))}
        </HomeList>
      </HomeSection>
      <HomeSection
        title={t('home.brand.drafts.title')}
        count={data.drafts.count}
        countLabel={count(data.drafts.count)}
        links={[{ to: '/brand/campaigns/new', label: t('home.brand.drafts.new') }, allCampaigns]}
      >
        <HomeList empty={t('home.brand.drafts.empty')}>
          {data.drafts.items.map((draft) => (
            <HomeItem
              key={draft.campaign.id}
              to={`/brand/campaigns/${encodeURIComponent(draft.campaign.id)}`}
              label={draft.campaign.title}
              detail={t(draft.funded ? 'home.brand.drafts.paid' : 'home.brand.drafts.unpaid')}
            />
          ))}
        </HomeList>
      </HomeSection>
      <RecentMessages {...data.messages} />
    </Box>
  );
}
