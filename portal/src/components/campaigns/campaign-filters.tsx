import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import type { Category } from '../../lib/api-types';
import { PLATFORMS } from './types';

const DEBOUNCE_MS = 350;

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
  const [text, setText] = useState(values.q);
  const sent = useRef(values.q);

  // A search from elsewhere (the back button, "clear filters") replaces what is in the box.
  useEffect(() => {
    if (values.q !== sent.current) {
      sent.current = values.q;
      setText(values.q);
    }
  }, [values.q]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      onChange({ q });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

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
        sent.current = text.trim();
        onChange({ q: text.trim() });
      }}
    >
      <TextField
        type="search"
        label={t('campaigns.filters.search')}
        placeholder={t('campaigns.filters.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
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
