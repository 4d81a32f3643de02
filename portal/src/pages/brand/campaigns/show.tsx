import type { DeskCampaign } from '@kollab/contract/api/desk';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { RoleOnly } from '../../../components/auth/role-only';
import { CampaignOverview } from '../../../components/campaigns/campaign-overview';
import { CampaignStatusActions } from '../../../components/campaigns/campaign-status-actions';
import { MatchList } from '../../../components/campaigns/match-list';
import { Section } from '../../../components/campaigns/section';
import { SpendSummary } from '../../../components/campaigns/spend-summary';
import type { Campaign, CampaignSpend, Claim, Match } from '../../../components/campaigns/types';
import { useApiPage } from '../../../components/campaigns/use-api-page';
import { useFormat } from '../../../components/campaigns/use-format';
import { BrandClaimList } from '../../../components/claims/brand-claim-list';
import { CampaignMessages } from '../../../components/desk/campaign-messages';
import { ContentReview } from '../../../components/desk/content-review';
import { DeskStateChip } from '../../../components/desk/desk-state-chip';
import { type DeskTab, DeskTabs, isDeskTab } from '../../../components/desk/desk-tabs';
import { WaitingSummary } from '../../../components/desk/waiting-summary';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../providers/session';
import { NotFoundPage } from '../../not-found';
import { CampaignResults } from './results';

function CampaignDesk({ id, tab }: { id: string; tab: DeskTab }) {
  const t = useT();
  const format = useFormat();
  const { data: session } = useSession();
  const isAdmin = session?.user.role === 'admin';
  const path = `/api/campaigns/${encodeURIComponent(id)}`;
  const campaign = useApiQuery<Campaign>(path);
  const desk = useApiQuery<DeskCampaign>(`/api/brand/campaigns/${encodeURIComponent(id)}`);
  const isDraft = campaign.data?.status === 'draft';
  const needsClaims = tab === 'creators' || tab === 'content';
  const claims = useApiPage<Claim>(`/api/claims?campaignId=${encodeURIComponent(id)}&pageSize=100`, {
    enabled: needsClaims,
  });
  const spend = useApiQuery<CampaignSpend>(`${path}/spend`, { enabled: tab === 'overview' });
  const matches = useApiQuery<Match[]>(`${path}/matches`, {
    enabled: tab === 'creators' && !!campaign.data && !isDraft,
  });
  const refresh = () => {
    void campaign.refetch();
    void desk.refetch();
    if (needsClaims) void claims.refetch();
    if (tab === 'overview') void spend.refetch();
    if (tab === 'creators' && !isDraft) void matches.refetch();
  };
  const data = campaign.data;
  const counts = desk.data;
  const pendingClaims = new Map(
    (claims.rows ?? []).filter((claim) => claim.status === 'pending').map((claim) => [claim.creator.id, claim]),
  );
  const panels: Record<DeskTab, () => ReactNode> = {
    overview: () =>
      data ? (
        <Stack spacing={3}>
          {counts ? <WaitingSummary desk={counts} /> : null}
          <SpendSummary campaign={data} spend={spend.data} />
          <CampaignOverview campaign={data} />
        </Stack>
      ) : null,
    creators: () => (
      <Stack spacing={3}>
        <Section title={t('brandCampaigns.tabs.claims')}>
          <BrandClaimList claims={claims.rows} isLoading={claims.isLoading} error={claims.error} onChanged={refresh} />
        </Section>
        <Section title={t('desk.creators.invited')}>
          <MatchList
            matches={matches.data}
            isDraft={isDraft}
            isLoading={matches.isLoading && !isDraft}
            error={matches.error}
            pendingClaims={pendingClaims}
            onChanged={refresh}
          />
        </Section>
      </Stack>
    ),
    content: () => (
      <Section title={t('desk.content.label')}>
        <ContentReview claims={claims.rows} isLoading={claims.isLoading} error={claims.error} onChanged={refresh} />
      </Section>
    ),
    messages: () => <CampaignMessages campaignId={id} />,
    results: () => <CampaignResults campaignId={id} />,
  };
  const waiting = (count: number | undefined, key: 'desk.tabs.creatorsWaiting' | 'desk.tabs.contentWaiting') =>
    count ? t(key, { count }) : undefined;

  return (
    <>
      <Button
        component={RouterLink}
        to={isAdmin ? '/admin/results' : '/brand/campaigns'}
        startIcon={<ArrowBack />}
        sx={{ mb: 2, ml: -1 }}
      >
        {t(isAdmin ? 'desk.backAdmin' : 'desk.back')}
      </Button>
      {campaign.isLoading ? <PageLoader /> : null}
      {campaign.error ? <Alert severity="error">{errorText(t, campaign.error)}</Alert> : null}
      {data ? (
        <>
          <PageHeader
            title={data.title}
            intro={format.dateRange(data.startsAt, data.endsAt)}
            action={
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { sm: 'flex-end' } }}>
                {data.status === 'cancelled' ? null : (
                  <Button component={RouterLink} to={`/brand/campaigns/${data.id}/edit`} startIcon={<Edit />}>
                    {t('brandCampaigns.actions.edit')}
                  </Button>
                )}
                <CampaignStatusActions campaign={data} onChanged={refresh} />
              </Stack>
            }
          />
          {counts ? (
            <Box sx={{ mt: -1, mb: 3 }}>
              <DeskStateChip state={counts.state} size="medium" />
            </Box>
          ) : null}
          <DeskTabs
            campaignId={data.id}
            current={tab}
            label={t('desk.tabs.label')}
            labels={{
              overview: t('desk.tabs.overview'),
              creators: waiting(counts?.claimsToApprove, 'desk.tabs.creatorsWaiting') ?? t('desk.tabs.creators'),
              content: waiting(counts?.videosToReview, 'desk.tabs.contentWaiting') ?? t('desk.tabs.content'),
              messages: t('desk.tabs.messages'),
              results: t('desk.tabs.results'),
            }}
            panel={panels[tab]()}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * A campaign's desk for its brand (and admins): overview, creators, content, messages and results,
 * each tab its own address (`/brand/campaigns/:id/:tab`, ADR 038).
 */
export function BrandCampaignPage() {
  const { id = '', tab } = useParams();
  const current = tab ?? 'overview';
  if (!isDeskTab(current) || tab === 'overview') return <NotFoundPage />;
  return (
    <RoleOnly allow={['brand', 'admin']} note="brandCampaigns.onlyBrands">
      <CampaignDesk id={id} tab={current} />
    </RoleOnly>
  );
}
