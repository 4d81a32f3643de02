import Assessment from '@mui/icons-material/Assessment';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { ConfirmDialog, type ReasonField } from '../campaigns/confirm-dialog';
import type { Claim } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { VisuallyHidden } from '../campaigns/visually-hidden';
import { type ClaimAction, runClaimAction } from './claim-actions';
import { SocialReportDialog } from './social-report-dialog';

type ReviewAction = Exclude<ClaimAction, 'cancel'>;

interface ActionText {
  button: MessageKey;
  title: MessageKey;
  body: MessageKey;
  done: MessageKey;
  isDestructive?: boolean;
  reason?: { label: MessageKey; isRequired?: boolean };
}

const TEXTS: Record<ReviewAction, ActionText> = {
  approve: {
    button: 'claims.review.approve',
    title: 'claims.review.approveTitle',
    body: 'claims.review.approveBody',
    done: 'claims.review.approved',
  },
  reject: {
    button: 'claims.review.reject',
    title: 'claims.review.rejectTitle',
    body: 'claims.review.rejectBody',
    done: 'claims.review.rejected',
    isDestructive: true,
    reason: { label: 'claims.review.rejectReason' },
  },
  accept: {
    button: 'claims.review.accept',
    title: 'claims.review.acceptTitle',
    body: 'claims.review.acceptBody',
    done: 'claims.review.accepted',
  },
  'request-changes': {
    button: 'claims.review.requestChanges',
    title: 'claims.review.requestChangesTitle',
    body: 'claims.review.requestChangesBody',
    done: 'claims.review.changesRequested',
    reason: { label: 'claims.review.requestChangesNote', isRequired: true },
  },
};

/**
 * The brand's review of one claim: the creator's social media report; approve or reject a
 * pending claim; open, accept, send back (while revision rounds are left) or reject a submission.
 */
export function ClaimReviewActions({ claim, onChanged }: { claim: Claim; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const { open: notify } = useNotification();
  const [action, setAction] = useState<ReviewAction>('approve');
  const [isAsking, setIsAsking] = useState(false);
  const [isReportOpen, setIsReportOpen] = useState(false);
  const roundsLeft = Math.max(0, claim.campaign.maxRevisions - claim.revisionsUsed);
  const values = {
    name: claim.creator.name,
    amount: format.money(claim.payoutOre),
    left: roundsLeft,
    max: claim.campaign.maxRevisions,
  };

  const run = async (chosen: ReviewAction, reason: string) => {
    await runClaimAction(claim.id, chosen, reason || undefined);
    notify?.({ type: 'success', message: t(TEXTS[chosen].done, values) });
    onChanged();
  };
  const button = (chosen: ReviewAction, variant: 'contained' | 'outlined' | 'text' = 'outlined') => (
    <Button
      variant={variant}
      color={TEXTS[chosen].isDestructive ? 'error' : 'primary'}
      onClick={() => {
        setAction(chosen);
        setIsAsking(true);
      }}
      aria-label={`${t(TEXTS[chosen].button)}: ${claim.creator.name}`}
    >
      {t(TEXTS[chosen].button)}
    </Button>
  );
  const text = TEXTS[action];
  const reason: ReasonField | undefined = text.reason
    ? { label: t(text.reason.label), isRequired: text.reason.isRequired }
    : undefined;

  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="text"
          startIcon={<Assessment />}
          onClick={() => setIsReportOpen(true)}
          aria-label={`${t('claims.report.open')}: ${claim.creator.name}`}
        >
          {t('claims.report.open')}
        </Button>
        {claim.status === 'pending' ? (
          <>
            {button('approve', 'contained')}
            {button('reject')}
          </>
        ) : null}
        {claim.status === 'submitted' && claim.latestSubmission ? (
          <>
            {claim.latestSubmission.url ? (
              <Button
                href={claim.latestSubmission.url}
                target="_blank"
                rel="noopener noreferrer"
                startIcon={<OpenInNew />}
              >
                {t('claims.review.openVideo')}
                <VisuallyHidden>{` (${t('campaigns.opensInNewTab')})`}</VisuallyHidden>
              </Button>
            ) : null}
            {button('accept', 'contained')}
            {roundsLeft > 0 ? button('request-changes') : null}
            {button('reject')}
          </>
        ) : null}
        {claim.status === 'submitted' && roundsLeft === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('claims.review.noRoundsLeft')}
          </Typography>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={isAsking}
        title={t(text.title, values)}
        body={t(text.body, values)}
        confirmLabel={t(text.button)}
        isDestructive={text.isDestructive}
        reason={reason}
        onConfirm={(typed) => run(action, typed)}
        onClose={() => setIsAsking(false)}
      />
      <SocialReportDialog
        creator={isReportOpen ? claim.creator : null}
        onSelect={claim.status === 'pending' ? () => run('approve', '') : undefined}
        onClose={() => setIsReportOpen(false)}
      />
    </>
  );
}
