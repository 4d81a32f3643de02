import ContentCopy from '@mui/icons-material/ContentCopy';
import Email from '@mui/icons-material/Email';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import type { Campaign } from '../campaigns/types';
import { useApiPage } from '../campaigns/use-api-page';
import { usePhone } from '../campaigns/use-phone';
import { VisuallyHidden } from '../campaigns/visually-hidden';
import type { InvitationResult, InviteTarget } from './types';
import { discoveryErrorText } from './use-discovery';

/** Campaigns an invitation can go to: published and not yet over. */
const CAMPAIGNS_URL = '/api/campaigns?status=published&pageSize=100&sort=createdAt&order=desc';

function inviteErrorText(t: ReturnType<typeof useT>, error: unknown): string {
  if (isApiError(error) && error.code === 'conflict') return t('discovery.invite.alreadyInvited');
  if (isApiError(error) && error.code === 'not_found') return t('discovery.invite.campaignMissing');
  return discoveryErrorText(t, error);
}

function EmailDraft({ draft, email }: { draft: { subject: string; body: string }; email?: string }) {
  const t = useT();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const mailto = `mailto:${email ?? ''}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${draft.subject}\n\n${draft.body}`);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">{t('discovery.invite.notOnKollab')}</Alert>
      <TextField
        label={t('discovery.invite.subject')}
        value={draft.subject}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <TextField
        label={t('discovery.invite.body')}
        value={draft.body}
        multiline
        minRows={6}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('discovery.invite.copy')}
        </Button>
        <Button variant="outlined" startIcon={<Email />} href={mailto}>
          {t('discovery.invite.mailto')}
        </Button>
        <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'text.secondary'}>
          {copied === 'ok' ? t('discovery.invite.copied') : copied === 'failed' ? t('discovery.invite.copyFailed') : ''}
        </Typography>
      </Box>
    </Box>
  );
}

function InviteForm({ target, titleId, onClose }: { target: InviteTarget; titleId: string; onClose: () => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const { rows, isLoading, error } = useApiPage<Campaign>(CAMPAIGNS_URL);
  const campaigns = (rows ?? []).filter((campaign) => campaign.state !== 'over' && campaign.state !== 'cancelled');
  const [campaignId, setCampaignId] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ subject: string; body: string } | null>(null);
  const chosen = campaignId || campaigns[0]?.id || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setIsBusy(true);
    setFailure(null);
    try {
      const result = await apiFetch<InvitationResult>('/api/discovery/invitations', {
        method: 'POST',
        json: { campaignId: chosen, platform: target.platform, userId: target.userId, username: target.username },
      });
      if (result.invited) {
        notify?.({ type: 'success', message: t('discovery.invite.sent') });
        onClose();
      } else {
        setDraft(result.emailDraft);
      }
    } catch (caught) {
      setFailure(inviteErrorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{t('discovery.invite.title', { handle: target.username })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {draft ? (
          <EmailDraft draft={draft} email={target.email} />
        ) : isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('app.loading')} />
          </Box>
        ) : error ? (
          <Alert severity="error">{discoveryErrorText(t, error)}</Alert>
        ) : campaigns.length === 0 ? (
          <Typography>
            {t('discovery.invite.noCampaigns')}{' '}
            <Link component={RouterLink} to="/brand/campaigns/new">
              {t('discovery.invite.newCampaign')}
            </Link>
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary">{t('discovery.invite.intro')}</Typography>
            <TextField
              select
              label={t('discovery.invite.campaign')}
              value={chosen}
              onChange={(event) => setCampaignId(event.target.value)}
              sx={{ mt: 1 }}
            >
              {campaigns.map((campaign) => (
                <MenuItem key={campaign.id} value={campaign.id}>
                  {campaign.title}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{draft ? t('buttons.close') : t('buttons.cancel')}</Button>
        {draft ? null : (
          <Button type="submit" variant="contained" loading={isBusy} disabled={!chosen}>
            {t('discovery.invite.send')}
          </Button>
        )}
      </DialogActions>
      {isBusy ? <VisuallyHidden role="status">{t('app.loading')}</VisuallyHidden> : null}
    </form>
  );
}

/**
 * "Invite to campaign": picks one of the brand's running campaigns and invites the influencer
 * when they are on Kollab; otherwise shows the e-mail the brand can send them instead.
 */
export function InviteDialog({ target, onClose }: { target: InviteTarget | null; onClose: () => void }) {
  const isPhone = usePhone();
  const titleId = useId();
  return (
    <Dialog open={!!target} onClose={onClose} fullScreen={isPhone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {target ? (
        <InviteForm key={`${target.platform}:${target.userId}`} target={target} titleId={titleId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}
