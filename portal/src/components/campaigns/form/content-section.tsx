import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useT } from '../../../hooks/use-t';
import { validationText } from '../../../lib/error-text';
import { textFieldProps } from '../../../lib/form-field';
import { Section } from '../section';
import { GuidelinesField } from './guidelines-field';
import { type CampaignFormValues, invalidHashtag, isHttpLink, splitHashtags } from './values';

/** Hashtags, preferred creator type, links, guidelines, usage rights and revision rounds. */
export function ContentSection({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const t = useT();
  const { errors } = form.formState;
  const usageRights = form.watch('usageRights');
  const link = (value: string) => !value.trim() || isHttpLink(value) || validationText(t, 'invalid_url');
  const wholeNumber = (min: number, max: number) => (value: string) => {
    const number = Number(value);
    return (
      (value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max) ||
      t('brandCampaigns.form.wholeNumber', { min, max })
    );
  };
  return (
    <Section title={t('brandCampaigns.form.sections.content')}>
      <Stack spacing={3}>
        <TextField
          label={t('brandCampaigns.form.hashtags')}
          fullWidth
          {...textFieldProps(
            form.register('hashtags', {
              validate: (value) => {
                if (splitHashtags(value).length > 30) return validationText(t, 'too_many');
                const bad = invalidHashtag(value);
                return !bad || `${validationText(t, 'invalid_hashtag')} (#${bad})`;
              },
            }),
            errors.hashtags,
            t('brandCampaigns.form.hashtagsHelp'),
          )}
        />
        <TextField
          label={t('brandCampaigns.form.preferredCreatorType')}
          fullWidth
          {...textFieldProps(
            form.register('preferredCreatorType', {
              maxLength: { value: 200, message: validationText(t, 'too_long') },
            }),
            errors.preferredCreatorType,
            t('brandCampaigns.form.preferredCreatorTypeHelp'),
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="url"
            label={t('brandCampaigns.form.brandLink')}
            fullWidth
            placeholder="https://"
            {...textFieldProps(form.register('brandLink', { validate: link }), errors.brandLink)}
          />
          <TextField
            type="url"
            label={t('brandCampaigns.form.productLink')}
            fullWidth
            placeholder="https://"
            {...textFieldProps(form.register('productLink', { validate: link }), errors.productLink)}
          />
        </Stack>
        <GuidelinesField control={form.control} register={form.register} errors={errors} />
        <Controller
          control={form.control}
          name="usageRights"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('brandCampaigns.form.usageRights')}</FormLabel>
              <RadioGroup
                value={field.value}
                onChange={(event) => field.onChange(event.target.value === 'paid_ads' ? 'paid_ads' : 'organic')}
              >
                <FormControlLabel value="organic" control={<Radio />} label={t('campaigns.usage.organic')} />
                <FormControlLabel value="paid_ads" control={<Radio />} label={t('campaigns.usage.paidAds')} />
              </RadioGroup>
            </FormControl>
          )}
        />
        {usageRights === 'paid_ads' ? (
          <TextField
            label={t('brandCampaigns.form.usageMonths')}
            required
            sx={{ maxWidth: 260 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...textFieldProps(
              form.register('usageMonths', {
                validate: (value) => form.getValues('usageRights') !== 'paid_ads' || wholeNumber(1, 24)(value),
              }),
              errors.usageMonths,
              t('brandCampaigns.form.usageMonthsHelp'),
            )}
          />
        ) : null}
        <TextField
          label={t('brandCampaigns.form.maxRevisions')}
          required
          sx={{ maxWidth: 260 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...textFieldProps(
            form.register('maxRevisions', { validate: wholeNumber(0, 5) }),
            errors.maxRevisions,
            t('brandCampaigns.form.maxRevisionsHelp'),
          )}
        />
        <Controller
          control={form.control}
          name="requireVerifiedCreators"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('identity.campaign.requireVerified')}
            />
          )}
        />
      </Stack>
    </Section>
  );
}
