import Chat from '@mui/icons-material/Chat';
import HowToReg from '@mui/icons-material/HowToReg';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { useSession } from '../../providers/session';
import { ClaimStatusChip } from '../claims/claim-status-chip';
import { GuidelinesDialog } from './guidelines-dialog';
import type { Campaign, ClaimStatus } from './types';
import { useFormat } from './use-format';

/** A claim that has ended: the creator may claim the campaign again. */
const ENDED: ReadonlySet<ClaimStatus> = new Set(['rejected', 'cancelled', 'expired']);

/**
 * The creator's side of a campaign: their claim (status, details, messages), or the claim button
 * with the guidelines confirmation, or why the campaign cannot be claimed now.
 */
export function ClaimPanel({ campaign, onClaimed }: { campaign: Campaign; onClaimed: () => void }) {
  const t = useT();
  const format = useFormat();
  const { data: session } = useSession();
  const { open: notify } = useNotification();
  const [isConfirming, setIsConfirming] = useState(false);
  const user = session?.user;
  if (user?.role === 'brand' && user.id === campaign.brand.id) {
    return (
      <Button component={RouterLink} to={`/brand/campaigns/${campaign.id}`} variant="outlined">
        {t('campaigns.details.manage')}
      </Button>
    );
  }
  if (user?.role !== 'creator') return null;

  const claim = campaign.myClaim;
  const canClaim = campaign.state === 'active' && (!claim || ENDED.has(claim.status));
  const submitClaim = async () => {
    await apiFetch(`/api/campaigns/${encodeURIComponent(campaign.id)}/claims`, {
      method: 'POST',
      json: { guidelinesConfirmed: true },
    });
    notify?.({ type: 'success', message: t('campaigns.claim.sent') });
    onClaimed();
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, minWidth: { sm: 220 } }}>
      {claim ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: { sm: 'flex-end' } }}>
            <Typography variant="body2">{t('campaigns.details.yourClaim')}</Typography>
            <ClaimStatusChip status={claim.status} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, justifyContent: { sm: 'flex-end' } }}>
            <Button component={RouterLink} to={`/claims/${claim.id}`} variant="outlined">
              {t('campaigns.details.viewClaim')}
            </Button>
            <Button component={RouterLink} to={`/messages/${claim.id}`} variant="outlined" startIcon={<Chat />}>
              {t('campaigns.details.messages')}
            </Button>
          </Stack>
        </>
      ) : null}
      {canClaim && !user.emailVerified ? <Alert severity="warning">{t('campaigns.claim.verifyFirst')}</Alert> : null}
      {canClaim && user.emailVerified ? (
        <Button variant="contained" size="large" startIcon={<HowToReg />} onClick={() => setIsConfirming(true)}>
          {t('campaigns.claim.open')}
        </Button>
      ) : null}
      {!claim && campaign.state === 'coming_soon' ? (
        <Alert severity="info">{t('campaigns.claim.opensOn', { date: format.date(campaign.startsAt) })}</Alert>
      ) : null}
      {!claim && ['over', 'paused', 'cancelled'].includes(campaign.state) ? (
        <Alert severity="info">{t('campaigns.claim.closed')}</Alert>
      ) : null}
      <GuidelinesDialog
        open={isConfirming}
        campaignTitle={campaign.title}
        guidelines={campaign.guidelines}
        confirmLabel={t('campaigns.claim.submit')}
        onConfirm={submitClaim}
        onClose={() => setIsConfirming(false)}
      />
    </Stack>
  );
}
