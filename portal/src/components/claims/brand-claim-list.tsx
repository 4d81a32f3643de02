import Chat from '@mui/icons-material/Chat';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { CreatorIdentity } from '../campaigns/creator-identity';
import { EmptyState } from '../campaigns/empty-state';
import type { Claim, ClaimStatus } from '../campaigns/types';
import { PageLoader } from '../layout/page-loader';
import { useVerifiedAccounts } from '../verification/verified-badge';
import { ClaimReviewActions } from './claim-review-actions';
import { ClaimStatusChip } from './claim-status-chip';
import { PostLink } from './post-link';

/** Claims that wait for the brand come first. */
const ORDER: Record<ClaimStatus, number> = {
  submitted: 0,
  pending: 1,
  changes_requested: 2,
  approved: 3,
  accepted: 4,
  rejected: 5,
  cancelled: 6,
  expired: 7,
};

/** The claims on one campaign, to review: report, approve or reject, and the submitted videos. */
export function BrandClaimList({
  claims,
  isLoading,
  error,
  onChanged,
}: {
  claims: Claim[] | undefined;
  isLoading: boolean;
  error: unknown;
  onChanged: () => void;
}) {
  const t = useT();
  const verified = useVerifiedAccounts((claims ?? []).map((claim) => claim.creator.id));
  if (isLoading) return <PageLoader />;
  if (error) return <Alert severity="error">{errorText(t, error)}</Alert>;
  if (!claims) return null;
  if (claims.length === 0) {
    return <EmptyState title={t('brandCampaigns.claims.emptyTitle')} body={t('brandCampaigns.claims.emptyBody')} />;
  }
  const sorted = [...claims].sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  return (
    <Stack
      component="ul"
      spacing={2}
      aria-label={t('brandCampaigns.tabs.claims')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {sorted.map((claim) => (
        <Card component="li" key={claim.id} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
            }}
          >
            <CreatorIdentity creator={claim.creator} verified={verified.get(claim.creator.id)} />
            <ClaimStatusChip status={claim.status} />
          </Box>
          {claim.latestSubmission ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('brandCampaigns.claims.latestVideo')} <PostLink url={claim.latestSubmission.url} />
            </Typography>
          ) : null}
          <ClaimReviewActions claim={claim} onChanged={onChanged} />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={`/claims/${claim.id}`}
              size="small"
              aria-label={`${t('brandCampaigns.claims.details')}: ${claim.creator.name}`}
            >
              {t('brandCampaigns.claims.details')}
            </Button>
            <Button
              component={RouterLink}
              to={`/messages/${claim.id}`}
              size="small"
              startIcon={<Chat />}
              aria-label={`${t('campaigns.details.messages')}: ${claim.creator.name}`}
            >
              {t('campaigns.details.messages')}
            </Button>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
