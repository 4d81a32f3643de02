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
import type { Claim } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { ClaimReviewActions } from '../claims/claim-review-actions';
import { ClaimStatusChip } from '../claims/claim-status-chip';
import { VideoPreview } from '../claims/video-preview';
import { PageLoader } from '../layout/page-loader';
import { useCountdown } from './use-countdown';

/** Videos waiting for review first, the one accepted automatically soonest on top; then the rest, newest first. */
function byUrgency(a: Claim, b: Claim): number {
  const waitingA = a.status === 'submitted' ? 0 : 1;
  const waitingB = b.status === 'submitted' ? 0 : 1;
  if (waitingA !== waitingB) return waitingA - waitingB;
  if (waitingA === 0) return Date.parse(a.autoAcceptAt ?? '') - Date.parse(b.autoAcceptAt ?? '');
  return Date.parse(b.latestSubmission?.createdAt ?? '') - Date.parse(a.latestSubmission?.createdAt ?? '');
}

/** The campaign's submitted videos to review (accept, send back, reject) with each one's auto-accept countdown. */
export function ContentReview({
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
  const format = useFormat();
  const countdown = useCountdown();
  if (isLoading) return <PageLoader />;
  if (error) return <Alert severity="error">{errorText(t, error)}</Alert>;
  const withVideos = (claims ?? []).filter((claim) => claim.latestSubmission).sort(byUrgency);
  if (withVideos.length === 0) {
    return <EmptyState title={t('desk.content.emptyTitle')} body={t('desk.content.emptyBody')} />;
  }
  return (
    <Stack component="ul" spacing={2} aria-label={t('desk.content.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {withVideos.map((claim) => (
        <Card component="li" key={claim.id} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <CreatorIdentity creator={claim.creator} />
            <ClaimStatusChip status={claim.status} />
          </Box>
          {claim.latestSubmission ? <VideoPreview link={claim.latestSubmission} /> : null}
          {claim.status === 'submitted' && claim.autoAcceptAt ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('desk.content.autoAccept', {
                when: countdown(claim.autoAcceptAt),
                date: format.dateTime(claim.autoAcceptAt),
              })}
            </Typography>
          ) : null}
          <ClaimReviewActions claim={claim} onChanged={onChanged} />
          <Box>
            <Button
              component={RouterLink}
              to={`/claims/${claim.id}`}
              size="small"
              aria-label={`${t('brandCampaigns.claims.details')}: ${claim.creator.name}`}
            >
              {t('brandCampaigns.claims.details')}
            </Button>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
