import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type BaseSyntheticEvent, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { isApiError } from '../../lib/api-fetch';
import type { Category } from '../../lib/api-types';
import { errorText, validationText } from '../../lib/error-text';
import { AboutSection } from './form/about-section';
import { AudienceSection } from './form/audience-section';
import { BudgetSection } from './form/budget-section';
import { ContentSection } from './form/content-section';
import { PeriodSection } from './form/period-section';
import { API_FIELDS, type CampaignFormValues, toCampaignInput, toFormValues } from './form/values';
import type { Campaign, CampaignInput } from './types';

export type SaveIntent = 'save' | 'preview';

/** The form field for one of the API's field keys (`budgetOre`, `guidelines.2`), if it has one. */
function formFieldFor(key: string): Path<CampaignFormValues> | null {
  const [head = '', index] = key.split('.');
  if (head === 'guidelines')
    return index !== undefined && /^\d+$/.test(index) ? `guidelines.${Number(index)}.text` : null;
  return API_FIELDS[head] ?? null;
}

/**
 * The brand's campaign form: about, target group, budget, period, content and terms. Checks the
 * API's rules as the brand types, puts the API's field errors next to the fields, and hands the
 * body to `onSave` ("save" keeps editing; "preview" opens the preview to publish).
 */
export function CampaignForm({
  campaign,
  categories,
  onSave,
}: {
  campaign?: Campaign;
  categories: Category[];
  onSave: (input: CampaignInput, cover: File | null, intent: SaveIntent) => Promise<Campaign>;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useForm<CampaignFormValues>({ defaultValues: toFormValues(campaign, locale), mode: 'onTouched' });
  const [cover, setCover] = useState<File | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [intent, setIntent] = useState<SaveIntent>('save');
  const isDraft = !campaign || campaign.status === 'draft';
  const isCancelled = campaign?.status === 'cancelled';

  const showApiError = (error: unknown) => {
    const fields = isApiError(error) ? Object.entries(error.errors ?? {}) : [];
    let shown = 0;
    for (const [key, codes] of fields) {
      const code = Array.isArray(codes) ? codes[0] : codes;
      if (typeof code !== 'string') continue;
      if (key === 'file') {
        setCoverError(validationText(t, code));
        shown++;
        continue;
      }
      const field = formFieldFor(key);
      if (!field) continue;
      form.setError(field, { type: 'server', message: validationText(t, code) }, { shouldFocus: shown === 0 });
      shown++;
    }
    if (shown > 0 && shown === fields.length) setFormError(t('brandCampaigns.form.fixFields'));
    else if (isApiError(error) && error.statusCode === 409) setFormError(t('brandCampaigns.form.conflict'));
    else setFormError(errorText(t, error));
  };
  const submit = (chosen: SaveIntent) => (event?: BaseSyntheticEvent) => {
    setIntent(chosen);
    return form.handleSubmit(
      async (values) => {
        setFormError(null);
        setCoverError(null);
        try {
          const saved = await onSave(toCampaignInput(values), cover, chosen);
          setCover(null);
          form.reset(toFormValues(saved, locale));
        } catch (error) {
          showApiError(error);
        }
      },
      () => setFormError(t('brandCampaigns.form.fixFields')),
    )(event);
  };
  const { isSubmitting } = form.formState;

  if (isCancelled) return <Alert severity="info">{t('brandCampaigns.form.cancelled')}</Alert>;
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submit('save')}>
      <AboutSection
        form={form}
        coverUrl={campaign?.coverUrl ?? null}
        cover={cover}
        onCoverChange={(file) => {
          setCover(file);
          setCoverError(null);
        }}
        coverError={coverError}
      />
      <AudienceSection form={form} categories={categories} />
      <BudgetSection form={form} isLocked={!isDraft} />
      <PeriodSection form={form} />
      <ContentSection form={form} />
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={campaign ? `/brand/campaigns/${campaign.id}` : '/brand/campaigns'}>
          {t('buttons.cancel')}
        </Button>
        <Button type="submit" variant={isDraft ? 'outlined' : 'contained'} loading={isSubmitting && intent === 'save'}>
          {t(isDraft ? 'brandCampaigns.form.saveDraft' : 'brandCampaigns.form.saveChanges')}
        </Button>
        {isDraft ? (
          <Button
            variant="contained"
            startIcon={<Visibility />}
            onClick={submit('preview')}
            loading={isSubmitting && intent === 'preview'}
          >
            {t('brandCampaigns.actions.previewPublish')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
