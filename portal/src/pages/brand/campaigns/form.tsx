import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNotification } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { RoleOnly } from '../../../components/auth/role-only';
import { CampaignForm, type SaveIntent } from '../../../components/campaigns/campaign-form';
import { PreviewDialog } from '../../../components/campaigns/preview-dialog';
import type { Campaign, CampaignInput } from '../../../components/campaigns/types';
import { useCategories } from '../../../components/campaigns/use-categories';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';
import { apiFetch, isApiError } from '../../../lib/api-fetch';
import { errorText } from '../../../lib/error-text';

/** Money terms are locked once a campaign has been published; an edit then leaves them out. */
function lockedBody(input: CampaignInput, campaign: Campaign | undefined): Partial<CampaignInput> {
  if (!campaign || campaign.status === 'draft') return input;
  const { budgetOre: _budget, payoutOre: _payout, slots: _slots, ...rest } = input;
  return rest;
}

function CampaignEditor() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { open: notify } = useNotification();
  const categories = useCategories();
  const existing = useApiQuery<Campaign>(`/api/campaigns/${encodeURIComponent(id ?? '')}`, { enabled: !!id });
  const campaign = existing.data;
  const [preview, setPreview] = useState<Campaign | null>(null);
  const state: unknown = location.state;
  const wantsPreview = !!state && typeof state === 'object' && 'openPreview' in state && state.openPreview === true;

  // A draft created with "preview and publish" opens its preview once it has loaded here.
  useEffect(() => {
    if (wantsPreview && campaign) {
      setPreview(campaign);
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [wantsPreview, campaign, navigate, location.pathname]);

  const save = async (input: CampaignInput, cover: File | null, intent: SaveIntent): Promise<Campaign> => {
    const { data } = id
      ? await apiFetch<{ data: Campaign }>(`/api/campaigns/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          json: lockedBody(input, campaign),
        })
      : await apiFetch<{ data: Campaign }>('/api/campaigns', { method: 'POST', json: input });
    let saved = data;
    if (cover) {
      const body = new FormData();
      body.append('file', cover);
      try {
        saved = (await apiFetch<{ data: Campaign }>(`/api/campaigns/${saved.id}/cover`, { method: 'POST', body })).data;
      } catch (error) {
        notify?.({ type: 'error', message: t('brandCampaigns.form.coverFailed', { reason: errorText(t, error) }) });
      }
    }
    if (intent === 'save') notify?.({ type: 'success', message: t('brandCampaigns.form.saved') });
    if (!id) {
      navigate(`/brand/campaigns/${saved.id}/edit`, {
        replace: true,
        state: intent === 'preview' ? { openPreview: true } : null,
      });
    } else {
      await existing.refetch();
      if (intent === 'preview') setPreview(saved);
    }
    return saved;
  };
  const publish = async () => {
    if (!preview) return;
    try {
      await apiFetch(`/api/campaigns/${encodeURIComponent(preview.id)}/publish`, { method: 'POST' });
    } catch (error) {
      // An unpaid campaign goes to the payment step; it goes live once paid (ADR 024).
      if (!isApiError(error) || error.code !== 'payment_required') throw error;
      navigate(`/campaigns/${encodeURIComponent(preview.id)}/pay`);
      return;
    }
    notify?.({ type: 'success', message: t('brandCampaigns.done.published') });
    navigate(`/brand/campaigns/${preview.id}`);
  };

  const isReady = !!categories.data && (!id || !!campaign);
  return (
    <>
      <Button
        component={RouterLink}
        to={id ? `/brand/campaigns/${id}` : '/brand/campaigns'}
        startIcon={<ArrowBack />}
        sx={{ mb: 2, ml: -1 }}
      >
        {t(id ? 'brandCampaigns.details.back' : 'brandCampaigns.form.back')}
      </Button>
      <PageHeader
        title={t(id ? 'brandCampaigns.form.editTitle' : 'brandCampaigns.form.newTitle')}
        intro={t(
          campaign && campaign.status !== 'draft' ? 'brandCampaigns.form.introPublished' : 'brandCampaigns.form.intro',
        )}
      />
      {existing.error ? <Alert severity="error">{errorText(t, existing.error)}</Alert> : null}
      {categories.error ? <Alert severity="error">{errorText(t, categories.error)}</Alert> : null}
      {existing.isLoading || categories.isLoading ? <PageLoader /> : null}
      {isReady ? (
        <CampaignForm
          key={campaign?.id ?? 'new'}
          campaign={campaign}
          categories={categories.data ?? []}
          onSave={save}
        />
      ) : null}
      {preview ? (
        <PreviewDialog
          campaign={preview}
          open
          onPublish={preview.status === 'draft' ? publish : undefined}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </>
  );
}

/** New campaign and edit campaign: the form, then preview and publish. */
export function BrandCampaignFormPage() {
  return (
    <RoleOnly allow={['brand', 'admin']} note="brandCampaigns.onlyBrands">
      <CampaignEditor />
    </RoleOnly>
  );
}
