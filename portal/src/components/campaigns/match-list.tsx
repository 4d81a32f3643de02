import Assessment from '@mui/icons-material/Assessment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { runClaimAction } from '../claims/claim-actions';
import { SocialReportDialog } from '../claims/social-report-dialog';
import { PageLoader } from '../layout/page-loader';
import { RatingSummaryText, useRatingSummaries } from '../ratings/rating-summary';
import { useVerifiedAccounts } from '../verification/verified-badge';
import { CreatorIdentity } from './creator-identity';
import { EmptyState } from './empty-state';
import { InvitationStatusChip } from './invitation-card';
import { MatchReasons } from './match-reasons';
import type { Claim, Match } from './types';
import { useFormat } from './use-format';

/**
 * The creators the campaign invited, best match first: score, reasons, answer and respond-by
 * date. A creator whose claim waits can be selected (approved) from their report.
 */
export function MatchList({
  matches,
  isDraft,
  isLoading,
  error,
  pendingClaims,
  onChanged,
}: {
  matches: Match[] | undefined;
  isDraft: boolean;
  isLoading: boolean;
  error: unknown;
  pendingClaims: Map<string, Claim>;
  onChanged: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const [reportOf, setReportOf] = useState<Match | null>(null);
  const summaries = useRatingSummaries((matches ?? []).map((match) => match.creator.id));
  const verified = useVerifiedAccounts((matches ?? []).map((match) => match.creator.id));
  if (isLoading) return <PageLoader />;
  if (error) return <Alert severity="error">{errorText(t, error)}</Alert>;
  if (isDraft)
    return <EmptyState title={t('brandCampaigns.matches.draftTitle')} body={t('brandCampaigns.matches.draftBody')} />;
  if (!matches) return null;
  const pending = reportOf ? pendingClaims.get(reportOf.creator.id) : undefined;
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('brandCampaigns.matches.answerTime')}
      </Alert>
      {matches.length === 0 ? (
        <EmptyState title={t('brandCampaigns.matches.emptyTitle')} body={t('brandCampaigns.matches.emptyBody')} />
      ) : (
        <Stack
          component="ul"
          spacing={2}
          aria-label={t('brandCampaigns.tabs.matches')}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {[...matches]
            .sort((a, b) => b.score - a.score)
            .map((match) => (
              <Card component="li" key={match.invitationId} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
                  <Stack spacing={0.5}>
                    <CreatorIdentity creator={match.creator} verified={verified.get(match.creator.id)} />
                    <RatingSummaryText summary={summaries.get(match.creator.id)} />
                  </Stack>
                  <InvitationStatusChip status={match.status} />
                </Box>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t('invitations.score', { score: Math.round(match.score) })}
                  </Typography>
                  <LinearProgress
                    variant="determinate"
                    value={Math.max(0, Math.min(100, match.score))}
                    aria-label={t('invitations.score', { score: Math.round(match.score) })}
                    sx={{ my: 1, height: 6, borderRadius: 3, maxWidth: 320 }}
                  />
                  <MatchReasons reasons={match.reasons} label={t('invitations.reasonsLabel')} />
                </Box>
                {match.status === 'pending' ? (
                  <Typography variant="body2">
                    {t('brandCampaigns.matches.respondBy', { date: format.date(match.respondBy) })}
                  </Typography>
                ) : null}
                <div>
                  <Button
                    size="small"
                    startIcon={<Assessment />}
                    onClick={() => setReportOf(match)}
                    aria-label={`${t('claims.report.open')}: ${match.creator.name}`}
                  >
                    {t('claims.report.open')}
                  </Button>
                </div>
              </Card>
            ))}
        </Stack>
      )}
      <SocialReportDialog
        creator={reportOf?.creator ?? null}
        onSelect={
          pending
            ? async () => {
                await runClaimAction(pending.id, 'approve');
                onChanged();
              }
            : undefined
        }
        onClose={() => setReportOf(null)}
      />
    </>
  );
}
