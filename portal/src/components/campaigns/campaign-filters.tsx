import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { useTypedSearch } from '../../hooks/use-typed-search';
import type { Category } from '../../lib/api-types';
import { SearchField } from '../form/search-field';
import { PLATFORMS } from './types';

export interface CampaignFilterValues {
  q: string;
  category: string;
  platform: string;
}

/** Search (title, brand or hashtag; sent after a pause in typing), category and platform. */
export function CampaignFilters({
  values,
  categories,
  onChange,
}: {
  values: CampaignFilterValues;
  categories: Category[];
  onChange: (next: Partial<CampaignFilterValues>) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { text, setText, submit } = useTypedSearch(values.q, (q) => onChange({ q }));

  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('campaigns.filters.label')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SearchField
        label={t('campaigns.filters.search')}
        placeholder={t('campaigns.filters.searchPlaceholder')}
        value={text}
        onChange={setText}
      />
      <TextField
        select
        label={t('campaigns.filters.category')}
        value={values.category}
        onChange={(event) => onChange({ category: event.target.value })}
        sx={{ flex: 1, minWidth: 160 }}
      >
        <MenuItem value="">{t('campaigns.filters.allCategories')}</MenuItem>
        {categories.map((category) => (
          <MenuItem key={category.key} value={category.key}>
            {category[locale]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('campaigns.filters.platform')}
        value={values.platform}
        onChange={(event) => onChange({ platform: event.target.value })}
        sx={{ flex: 1, minWidth: 140 }}
      >
        <MenuItem value="">{t('campaigns.filters.allPlatforms')}</MenuItem>
        {PLATFORMS.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {t(`campaigns.platforms.${platform}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
