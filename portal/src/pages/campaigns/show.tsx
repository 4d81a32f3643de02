import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { overlayKey } from '../../components/campaigns/campaign-card';
import { CampaignCover } from '../../components/campaigns/campaign-cover';
import { CampaignOverview } from '../../components/campaigns/campaign-overview';
import { CampaignStateChip } from '../../components/campaigns/campaign-state-chip';
import { ClaimPanel } from '../../components/campaigns/claim-panel';
import type { Campaign } from '../../components/campaigns/types';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { PayoutBreakdownCard } from '../../components/tax/payout-breakdown';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { lazyNamed } from '../../lib/lazy-named';

/** The chat thread is its own chunk, loaded only when the creator has a claim here. */
const ClaimConversation = lazyNamed(() => import('../../components/chat/claim-conversation'), 'ClaimConversation');

/** Campaign details: organizer, claim, messages, the client's social profile and the overview. */
export function CampaignPage() {
  const t = useT();
  const { id = '' } = useParams();
  const {
    data: campaign,
    isLoading,
    error,
    refetch,
  } = useApiQuery<Campaign>(`/api/campaigns/${encodeURIComponent(id)}`);
  const overlay = campaign ? overlayKey(campaign) : null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBack />} sx={{ ml: -1 }}>
          {t('campaigns.details.back')}
        </Button>
        {campaign ? <CampaignStateChip state={campaign.state} size="medium" /> : null}
      </Box>
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {campaign ? (
        <>
          <Card sx={{ mb: 3 }}>
            <CampaignCover
              coverUrl={campaign.coverUrl}
              coverSrcSet={campaign.coverSrcSet}
              sizes="(min-width: 900px) 852px, 100vw"
              overlay={overlay ? t(overlay) : undefined}
              dimmed={campaign.state === 'over'}
              priority
              maxHeight={280}
            />
          </Card>
          <PageHeader
            title={campaign.title}
            intro={t('campaigns.details.by', { brand: campaign.brand.name })}
            action={<ClaimPanel campaign={campaign} onClaimed={() => void refetch()} />}
          />
          {campaign.myClaim ? null : <PayoutBreakdownCard campaignId={campaign.id} />}
          <CampaignOverview campaign={campaign} />
          {campaign.myClaim ? (
            <Box component="section" aria-labelledby="campaign-messages" sx={{ mt: 4 }}>
              <Typography id="campaign-messages" component="h2" variant="h6" gutterBottom>
                {t('campaigns.details.messages')}
              </Typography>
              <Suspense fallback={<PageLoader />}>
                <ClaimConversation claimId={campaign.myClaim.id} />
              </Suspense>
            </Box>
          ) : null}
        </>
      ) : null}
    </>
  );
}
