import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';
import type { Category } from '../../../lib/api-types';
import { Section } from '../section';
import { AGE_GROUPS, CREATOR_TIERS, GENDERS, type Gender, PLATFORMS } from '../types';
import { ChoiceChips } from './choice-chips';
import { CountryPicker } from './country-picker';
import type { CampaignFormValues } from './values';

/** The target group: categories, platforms, creator tiers, audience countries, ages and gender. */
export function AudienceSection({
  form,
  categories,
}: {
  form: UseFormReturn<CampaignFormValues>;
  categories: Category[];
}) {
  const t = useT();
  const locale = useLocale();
  const atLeastOne = (value: string[]) => value.length > 0 || t('brandCampaigns.form.chooseAtLeastOne');
  return (
    <Section title={t('brandCampaigns.form.sections.audience')}>
      <Stack spacing={3}>
        <Controller
          control={form.control}
          name="categories"
          rules={{ validate: atLeastOne }}
          render={({ field, fieldState }) => (
            <ChoiceChips
              label={t('brandCampaigns.form.categories')}
              options={categories.map((category) => ({ value: category.key, label: category[locale] }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              isRequired
            />
          )}
        />
        <Controller
          control={form.control}
          name="platforms"
          rules={{ validate: atLeastOne }}
          render={({ field, fieldState }) => (
            <ChoiceChips
              label={t('brandCampaigns.form.platforms')}
              options={PLATFORMS.map((value) => ({ value, label: t(`campaigns.platforms.${value}`) }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              isRequired
            />
          )}
        />
        <Controller
          control={form.control}
          name="creatorTiers"
          rules={{ validate: atLeastOne }}
          render={({ field, fieldState }) => (
            <ChoiceChips
              label={t('brandCampaigns.form.creatorTiers')}
              help={t('brandCampaigns.form.creatorTiersHelp')}
              options={CREATOR_TIERS.map((value) => ({ value, label: t(`campaigns.tiers.${value}`) }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              isRequired
            />
          )}
        />
        <Controller
          control={form.control}
          name="audienceCountries"
          render={({ field, fieldState }) => (
            <CountryPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="audienceAgeGroups"
          render={({ field, fieldState }) => (
            <ChoiceChips
              label={t('brandCampaigns.form.audienceAgeGroups')}
              help={t('brandCampaigns.form.audienceAgeGroupsHelp')}
              options={AGE_GROUPS.map((value) => ({
                value,
                label: t('brandCampaigns.form.ageGroup', { group: value }),
              }))}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="audienceGender"
          render={({ field }) => (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('brandCampaigns.form.audienceGender')}</FormLabel>
              <RadioGroup
                row
                value={field.value}
                onChange={(event) => field.onChange(GENDERS.find((gender) => gender === event.target.value) ?? 'any')}
              >
                {GENDERS.map((gender: Gender) => (
                  <FormControlLabel
                    key={gender}
                    value={gender}
                    control={<Radio />}
                    label={t(`brandCampaigns.form.gender.${gender}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </Stack>
    </Section>
  );
}
