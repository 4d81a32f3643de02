import ArrowBack from '@mui/icons-material/ArrowBack';
import Chat from '@mui/icons-material/Chat';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/campaigns/confirm-dialog';
import { Section } from '../../components/campaigns/section';
import { TabPanels } from '../../components/campaigns/tab-panels';
import type { ClaimDetails } from '../../components/campaigns/types';
import { runClaimAction } from '../../components/claims/claim-actions';
import { ClaimAgreement } from '../../components/claims/claim-agreement';
import { ClaimHistory } from '../../components/claims/claim-history';
import { ClaimReviewActions } from '../../components/claims/claim-review-actions';
import { ClaimStatusChip } from '../../components/claims/claim-status-chip';
import { ClaimSummary } from '../../components/claims/claim-summary';
import { NextStep } from '../../components/claims/next-step';
import { SubmissionList } from '../../components/claims/submission-list';
import { SubmitVideoForm } from '../../components/claims/submit-video-form';
import { VideoPreview } from '../../components/claims/video-preview';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { ClaimRatings } from '../../components/ratings/claim-ratings';
import { RatingSummaryText, useRatingSummaries } from '../../components/ratings/rating-summary';
import { ClaimPostPanel } from '../../components/results/claim-post-panel';
import { TaxStatusChip } from '../../components/tax/tax-status-chip';
import { useVerifiedAccounts, VerifiedBadges } from '../../components/verification/verified-badge';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { lazyNamed } from '../../lib/lazy-named';
import { useSession } from '../../providers/session';

/** The chat thread is its own chunk: most visits never open the messages tab. */
const ClaimConversation = lazyNamed(() => import('../../components/chat/claim-conversation'), 'ClaimConversation');

function ClaimTab({
  claim,
  isBrandView,
  onChanged,
}: {
  claim: ClaimDetails;
  isBrandView: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const { open: notify } = useNotification();
  const [isCancelling, setIsCancelling] = useState(false);
  const canSubmit = !isBrandView && (claim.status === 'approved' || claim.status === 'changes_requested');
  const cancel = async (reason: string) => {
    await runClaimAction(claim.id, 'cancel', reason || undefined);
    notify?.({ type: 'success', message: t('claims.cancel.done') });
    onChanged();
  };
  return (
    <Stack spacing={3}>
      <NextStep claim={claim} isBrandView={isBrandView} />
      <Section title={t('claims.tabs.claim')}>
        <ClaimSummary claim={claim} isBrandView={isBrandView} />
        {isBrandView ? (
          <Stack sx={{ mt: 2 }}>
            <ClaimReviewActions claim={claim} onChanged={onChanged} />
          </Stack>
        ) : null}
        {!isBrandView && claim.status === 'pending' ? (
          <Button color="error" variant="outlined" sx={{ mt: 2 }} onClick={() => setIsCancelling(true)}>
            {t('claims.cancel.open')}
          </Button>
        ) : null}
      </Section>
      <Section title={t('agreement.title')}>
        <ClaimAgreement claimId={claim.id} isCreator={!isBrandView} />
      </Section>
      {claim.latestSubmission ? (
        <ClaimPostPanel claimId={claim.id} isCreator={!isBrandView} isAccepted={claim.status === 'accepted'} />
      ) : null}
      {claim.status === 'accepted' ? (
        <Section title={t('ratings.title')}>
          <ClaimRatings claimId={claim.id} side={isBrandView ? 'brand' : 'creator'} />
        </Section>
      ) : null}
      {claim.latestSubmission && !canSubmit ? (
        <Section title={t('claims.video.latest')}>
          <VideoPreview link={claim.latestSubmission} />
        </Section>
      ) : null}
      {canSubmit ? (
        <Section title={t(claim.status === 'changes_requested' ? 'claims.submit.titleAgain' : 'claims.submit.title')}>
          <SubmitVideoForm claim={claim} onSubmitted={onChanged} />
        </Section>
      ) : null}
      <ConfirmDialog
        open={isCancelling}
        title={t('claims.cancel.title')}
        body={t('claims.cancel.body', { title: claim.campaign.title })}
        confirmLabel={t('claims.cancel.confirm')}
        isDestructive
        reason={{ label: t('claims.cancel.reason') }}
        onConfirm={cancel}
        onClose={() => setIsCancelling(false)}
      />
    </Stack>
  );
}

/** One claim with tabs: the claim (status, actions, video link), its history, and messages. */
export function ClaimPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const isBrandView = session?.user.role !== 'creator';
  const { data: claim, isLoading, error, refetch } = useApiQuery<ClaimDetails>(`/api/claims/${encodeURIComponent(id)}`);
  const back = claim && isBrandView ? `/brand/campaigns/${claim.campaign.id}` : '/claims';
  const counterpart = claim ? (isBrandView ? claim.creator.id : claim.campaign.brandId) : null;
  const summaries = useRatingSummaries(counterpart ? [counterpart] : []);
  const verified = useVerifiedAccounts(claim && isBrandView ? [claim.creator.id] : []);
  return (
    <>
      <Button component={RouterLink} to={back} startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        {t(isBrandView ? 'claims.details.backToCampaign' : 'claims.details.back')}
      </Button>
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {claim ? (
        <>
          <PageHeader
            title={claim.campaign.title}
            intro={isBrandView ? claim.creator.name : claim.campaign.brandName}
            action={
              <Stack spacing={1} alignItems="flex-end">
                <ClaimStatusChip status={claim.status} size="medium" />
                {isBrandView ? <TaxStatusChip claimId={claim.id} /> : null}
                <RatingSummaryText summary={counterpart ? summaries.get(counterpart) : undefined} />
                {isBrandView ? <VerifiedBadges accounts={verified.get(claim.creator.id)} /> : null}
              </Stack>
            }
          />
          <TabPanels
            label={t('claims.tabs.label')}
            tabs={[
              {
                key: 'claim',
                label: t('claims.tabs.claim'),
                panel: <ClaimTab claim={claim} isBrandView={isBrandView} onChanged={() => void refetch()} />,
              },
              {
                key: 'overview',
                label: t('claims.tabs.overview'),
                panel: (
                  <Stack spacing={3}>
                    <Section title={t('claims.history.title')}>
                      <ClaimHistory events={claim.events} />
                    </Section>
                    <Section title={t('claims.submissions.title')}>
                      <SubmissionList submissions={claim.submissions} />
                    </Section>
                  </Stack>
                ),
              },
              {
                key: 'messages',
                label: t('claims.tabs.messages'),
                panel: (
                  <Section title={t('claims.tabs.messages')}>
                    <Typography sx={{ mb: 2 }}>
                      {t(isBrandView ? 'claims.messages.bodyBrand' : 'claims.messages.bodyCreator')}
                    </Typography>
                    <Suspense fallback={<PageLoader />}>
                      <ClaimConversation claimId={claim.id} />
                    </Suspense>
                    <Button
                      sx={{ mt: 2 }}
                      component={RouterLink}
                      to={`/messages/${claim.id}`}
                      variant="contained"
                      startIcon={<Chat />}
                    >
                      {t('claims.messages.open')}
                    </Button>
                  </Section>
                ),
              },
            ]}
          />
        </>
      ) : null}
    </>
  );
}
