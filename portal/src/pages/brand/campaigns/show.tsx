import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Insights from '@mui/icons-material/Insights';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { RoleOnly } from '../../../components/auth/role-only';
import { CampaignOverview } from '../../../components/campaigns/campaign-overview';
import { CampaignStateChip } from '../../../components/campaigns/campaign-state-chip';
import { CampaignStatusActions } from '../../../components/campaigns/campaign-status-actions';
import { MatchList } from '../../../components/campaigns/match-list';
import { SpendSummary } from '../../../components/campaigns/spend-summary';
import { TabPanels } from '../../../components/campaigns/tab-panels';
import type { Campaign, CampaignSpend, Claim, Match } from '../../../components/campaigns/types';
import { useApiPage } from '../../../components/campaigns/use-api-page';
import { useFormat } from '../../../components/campaigns/use-format';
import { BrandClaimList } from '../../../components/claims/brand-claim-list';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';
import { errorText } from '../../../lib/error-text';

function CampaignDashboard() {
  const t = useT();
  const format = useFormat();
  const { id = '' } = useParams();
  const path = `/api/campaigns/${encodeURIComponent(id)}`;
  const campaign = useApiQuery<Campaign>(path);
  const isDraft = campaign.data?.status === 'draft';
  const spend = useApiQuery<CampaignSpend>(`${path}/spend`);
  const matches = useApiQuery<Match[]>(`${path}/matches`, { enabled: !!campaign.data && !isDraft });
  const claims = useApiPage<Claim>(`/api/claims?campaignId=${encodeURIComponent(id)}&pageSize=100`);
  const refresh = () => {
    void campaign.refetch();
    void spend.refetch();
    void claims.refetch();
    if (!isDraft) void matches.refetch();
  };
  const pendingClaims = new Map(
    (claims.rows ?? []).filter((claim) => claim.status === 'pending').map((claim) => [claim.creator.id, claim]),
  );
  const data = campaign.data;
  const toReview = (claims.rows ?? []).filter((claim) => claim.status === 'pending' || claim.status === 'submitted');

  return (
    <>
      <Button component={RouterLink} to="/brand/campaigns" startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        {t('brandCampaigns.details.backToList')}
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
                {isDraft ? null : (
                  <Button component={RouterLink} to={`/brand/campaigns/${data.id}/results`} startIcon={<Insights />}>
                    {t('results.open')}
                  </Button>
                )}
                {data.status === 'cancelled' ? null : (
                  <Button component={RouterLink} to={`/brand/campaigns/${data.id}/edit`} startIcon={<Edit />}>
                    {t('brandCampaigns.actions.edit')}
                  </Button>
                )}
                <CampaignStatusActions campaign={data} onChanged={refresh} />
              </Stack>
            }
          />
          <Box sx={{ mt: -1, mb: 3 }}>
            <CampaignStateChip state={data.state} size="medium" />
          </Box>
          <Stack spacing={3}>
            <SpendSummary campaign={data} spend={spend.data} />
            <TabPanels
              label={t('brandCampaigns.tabs.label')}
              tabs={[
                {
                  key: 'claims',
                  label: t('brandCampaigns.tabs.claimsCount', { count: toReview.length }),
                  panel: (
                    <BrandClaimList
                      claims={claims.rows}
                      isLoading={claims.isLoading}
                      error={claims.error}
                      onChanged={refresh}
                    />
                  ),
                },
                {
                  key: 'matches',
                  label: t('brandCampaigns.tabs.matches'),
                  panel: (
                    <MatchList
                      matches={matches.data}
                      isDraft={isDraft}
                      isLoading={matches.isLoading && !isDraft}
                      error={matches.error}
                      pendingClaims={pendingClaims}
                      onChanged={refresh}
                    />
                  ),
                },
                {
                  key: 'campaign',
                  label: t('brandCampaigns.tabs.campaign'),
                  panel: <CampaignOverview campaign={data} />,
                },
              ]}
            />
          </Stack>
        </>
      ) : null}
    </>
  );
}

/** A campaign for its brand: spend, claims to review, matched creators and the campaign itself. */
export function BrandCampaignPage() {
  return (
    <RoleOnly allow={['brand', 'admin']} note="brandCampaigns.onlyBrands">
      <CampaignDashboard />
    </RoleOnly>
  );
}
