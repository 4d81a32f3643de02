import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { Role } from '../../lib/auth-client';
import { ConfirmDialog } from '../campaigns/confirm-dialog';
import type { Conversation } from './types';

/**
 * The conversation's moderation state (ADR 023). A creator or brand can report it to Kollab, and
 * sees when it is reported; an admin sees why the case is open, that reading is logged, and can
 * close it.
 */
export function ModerationBar({
  conversation,
  role,
  onChanged,
}: {
  conversation: Conversation;
  role: Role;
  onChanged: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const openCase = conversation.moderationCase;
  const name = conversation.counterpart.name;

  if (role === 'admin') {
    if (!openCase) return null;
    const close = async () => {
      await apiFetch(`/api/admin/moderation-cases/${encodeURIComponent(openCase.id)}/close`, { method: 'POST' });
      notify?.({ type: 'success', message: t('chat.moderation.closed') });
      onChanged();
      navigate('/messages');
    };
    return (
      <>
        <Alert
          severity="warning"
          square
          action={
            <Button color="inherit" size="small" onClick={() => setIsDialogOpen(true)}>
              {t('chat.moderation.close')}
            </Button>
          }
        >
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {t('chat.moderation.adminCase', { reason: openCase.reason })}
          </Box>
          {t('chat.moderation.adminLogged')}
        </Alert>
        <ConfirmDialog
          open={isDialogOpen}
          title={t('chat.moderation.closeTitle')}
          body={t('chat.moderation.closeBody')}
          confirmLabel={t('chat.moderation.close')}
          onConfirm={close}
          onClose={() => setIsDialogOpen(false)}
        />
      </>
    );
  }

  if (openCase) {
    return (
      <Alert severity="info" square>
        {t('chat.moderation.reported')}
      </Alert>
    );
  }
  const report = async (reason: string) => {
    const claimId = encodeURIComponent(conversation.claimId);
    await apiFetch(`/api/conversations/${claimId}/report`, { method: 'POST', json: { reason } });
    notify?.({ type: 'success', message: t('chat.moderation.reportDone') });
    onChanged();
  };
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 1, sm: 2 }, pt: 0.5 }}>
        <Button size="small" color="inherit" startIcon={<OutlinedFlag />} onClick={() => setIsDialogOpen(true)}>
          {t('chat.moderation.report')}
        </Button>
      </Box>
      <ConfirmDialog
        open={isDialogOpen}
        title={t('chat.moderation.reportTitle')}
        body={t('chat.moderation.reportBody', { name })}
        confirmLabel={t('chat.moderation.reportSubmit')}
        reason={{ label: t('chat.moderation.reportReason'), isRequired: true }}
        onConfirm={report}
        onClose={() => setIsDialogOpen(false)}
      />
    </>
  );
}
