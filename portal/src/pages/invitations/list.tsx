import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useNotification } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { ConfirmDialog } from '../../components/campaigns/confirm-dialog';
import { EmptyState } from '../../components/campaigns/empty-state';
import { GuidelinesDialog } from '../../components/campaigns/guidelines-dialog';
import { InvitationCard } from '../../components/campaigns/invitation-card';
import type { Campaign, ClaimDetails, Invitation } from '../../components/campaigns/types';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';

/** Accepting needs the campaign's guidelines, which the invitation does not carry. */
function AcceptDialog({ invitation, onClose }: { invitation: Invitation | null; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const campaignId = invitation?.campaign.id ?? '';
  const campaign = useApiQuery<Campaign>(`/api/campaigns/${encodeURIComponent(campaignId)}`, {
    enabled: !!invitation,
  });
  const accept = async () => {
    if (!invitation) return;
    const { data } = await apiFetch<{ data: ClaimDetails }>(
      `/api/invitations/${encodeURIComponent(invitation.id)}/accept`,
      { method: 'POST', json: { guidelinesConfirmed: true } },
    );
    notify?.({ type: 'success', message: t('invitations.accepted') });
    navigate(`/claims/${data.id}`);
  };
  return (
    <GuidelinesDialog
      open={!!invitation}
      campaignTitle={invitation?.campaign.title ?? ''}
      guidelines={campaign.data?.guidelines}
      error={campaign.error ? errorText(t, campaign.error) : null}
      confirmLabel={t('invitations.acceptSubmit')}
      onConfirm={accept}
      onClose={onClose}
    />
  );
}

function Invitations() {
  const t = useT();
  const { open: notify } = useNotification();
  const { data: invitations, isLoading, error, refetch } = useApiQuery<Invitation[]>('/api/invitations');
  const [accepting, setAccepting] = useState<Invitation | null>(null);
  const [declining, setDeclining] = useState<Invitation | null>(null);

  const decline = async () => {
    if (!declining) return;
    await apiFetch(`/api/invitations/${encodeURIComponent(declining.id)}/decline`, { method: 'POST' });
    notify?.({ type: 'success', message: t('invitations.declined') });
    await refetch();
  };
  return (
    <>
      <PageHeader title={t('invitations.title')} intro={t('invitations.intro')} />
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {invitations && invitations.length === 0 ? (
        <EmptyState title={t('invitations.empty.title')} body={t('invitations.empty.body')} />
      ) : null}
      {invitations && invitations.length > 0 ? (
        <Stack component="ul" aria-label={t('invitations.title')} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invitations.map((invitation) => (
            <li key={invitation.id}>
              <InvitationCard
                invitation={invitation}
                onAccept={() => setAccepting(invitation)}
                onDecline={() => setDeclining(invitation)}
              />
            </li>
          ))}
        </Stack>
      ) : null}
      <AcceptDialog invitation={accepting} onClose={() => setAccepting(null)} />
      <ConfirmDialog
        open={!!declining}
        title={t('invitations.declineTitle')}
        body={t('invitations.declineBody', { title: declining?.campaign.title ?? '' })}
        confirmLabel={t('invitations.decline')}
        onConfirm={decline}
        onClose={() => setDeclining(null)}
      />
    </>
  );
}

/** Invitations from matched campaigns: answer within the respond-by date (3–5 working days). */
export function InvitationsPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <Invitations />
    </RoleOnly>
  );
}
