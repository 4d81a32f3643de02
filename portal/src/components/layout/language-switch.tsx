import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetLocale, useSetLocale, useTranslate } from '@refinedev/core';

export function LanguageSwitch() {
  const t = useTranslate();
  const locale = useGetLocale()();
  const setLocale = useSetLocale();
  return (
    <TextField
      select
      size="small"
      label={t('lang.label')}
      value={locale ?? 'sv'}
      onChange={(event) => setLocale(event.target.value)}
      sx={{ minWidth: 120 }}
    >
      <MenuItem value="sv">{t('lang.sv')}</MenuItem>
      <MenuItem value="en">{t('lang.en')}</MenuItem>
    </TextField>
  );
}
