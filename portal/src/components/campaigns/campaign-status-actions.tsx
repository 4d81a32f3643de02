import MoreVert from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useNotification } from '@refinedev/core';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import type { MessageKey } from '../../providers/i18n-provider';
import { ConfirmDialog } from './confirm-dialog';
import { PreviewDialog } from './preview-dialog';
import type { Campaign, CampaignStatus } from './types';

type StatusAction = 'publish' | 'pause' | 'resume' | 'cancel';

/** Which status changes the API allows from each status (api publishing.service). */
const ALLOWED: Record<CampaignStatus, StatusAction[]> = {
  draft: ['publish', 'cancel'],
  published: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  cancelled: [],
};

const TEXTS: Record<Exclude<StatusAction, 'publish'>, { title: MessageKey; body: MessageKey; done: MessageKey }> = {
  pause: {
    title: 'brandCampaigns.confirm.pauseTitle',
    body: 'brandCampaigns.confirm.pauseBody',
    done: 'brandCampaigns.done.paused',
  },
  resume: {
    title: 'brandCampaigns.confirm.resumeTitle',
    body: 'brandCampaigns.confirm.resumeBody',
    done: 'brandCampaigns.done.resumed',
  },
  cancel: {
    title: 'brandCampaigns.confirm.cancelTitle',
    body: 'brandCampaigns.confirm.cancelBody',
    done: 'brandCampaigns.done.cancelled',
  },
};

/**
 * Publish (after the preview), pause, resume and cancel, each confirmed first; as buttons on the
 * campaign's page or as a menu in the list.
 */
export function CampaignStatusActions({
  campaign,
  onChanged,
  asMenu = false,
}: {
  campaign: Campaign;
  onChanged: (campaign: Campaign) => void;
  asMenu?: boolean;
}) {
  const t = useT();
  const menuId = useId();
  const { open: notify } = useNotification();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<StatusAction>('pause');
  const [isAsking, setIsAsking] = useState(false);
  const actions = ALLOWED[campaign.status];
  if (actions.length === 0) return null;

  const run = async (chosen: StatusAction) => {
    let data: Campaign;
    try {
      ({ data } = await apiFetch<{ data: Campaign }>(`/api/campaigns/${encodeURIComponent(campaign.id)}/${chosen}`, {
        method: 'POST',
      }));
    } catch (error) {
      // An unpaid campaign goes to the payment step; it goes live once paid (ADR 024).
      if (chosen === 'publish' && isApiError(error) && error.code === 'payment_required') {
        navigate(`/campaigns/${encodeURIComponent(campaign.id)}/pay`);
        return;
      }
      throw error;
    }
    const done = chosen === 'publish' ? 'brandCampaigns.done.published' : TEXTS[chosen].done;
    notify?.({ type: 'success', message: t(done) });
    onChanged(data);
  };
  const choose = (chosen: StatusAction) => {
    setMenuAnchor(null);
    setAction(chosen);
    setIsAsking(true);
  };
  const label = (chosen: StatusAction) =>
    t(chosen === 'publish' ? 'brandCampaigns.actions.previewPublish' : `brandCampaigns.actions.${chosen}`);

  return (
    <>
      {asMenu ? (
        <>
          <IconButton
            aria-label={t('brandCampaigns.actions.more', { title: campaign.title })}
            aria-controls={menuAnchor ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? true : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVert />
          </IconButton>
          <Menu id={menuId} anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            {actions.map((chosen) => (
              <MenuItem key={chosen} onClick={() => choose(chosen)}>
                {label(chosen)}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions.map((chosen) => (
            <Button
              key={chosen}
              variant={chosen === 'publish' || chosen === 'resume' ? 'contained' : 'outlined'}
              color={chosen === 'cancel' ? 'error' : 'primary'}
              onClick={() => choose(chosen)}
            >
              {label(chosen)}
            </Button>
          ))}
        </Stack>
      )}
      <PreviewDialog
        campaign={campaign}
        open={isAsking && action === 'publish'}
        onPublish={() => run('publish')}
        onClose={() => setIsAsking(false)}
      />
      {action !== 'publish' ? (
        <ConfirmDialog
          open={isAsking}
          title={t(TEXTS[action].title, { title: campaign.title })}
          body={t(TEXTS[action].body, { title: campaign.title })}
          confirmLabel={label(action)}
          isDestructive={action === 'cancel'}
          onConfirm={() => run(action)}
          onClose={() => setIsAsking(false)}
        />
      ) : null}
    </>
  );
}
