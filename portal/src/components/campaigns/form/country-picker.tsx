import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useT } from '../../../hooks/use-t';
import { useFormat } from '../use-format';

/** Common audience countries for Swedish campaigns: the Nordics first, then nearby markets. */
const COUNTRIES = [
  'SE',
  'NO',
  'DK',
  'FI',
  'IS',
  'DE',
  'GB',
  'US',
  'NL',
  'BE',
  'FR',
  'ES',
  'IT',
  'PL',
  'EE',
  'LV',
  'LT',
  'AT',
  'CH',
  'IE',
  'CA',
  'AU',
];

/** Audience countries as ISO 3166 codes, picked by name; empty means any country. */
export function CountryPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const t = useT();
  const format = useFormat();
  const options = [...COUNTRIES, ...value.filter((code) => !COUNTRIES.includes(code))];
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_, next) => onChange(next)}
      getOptionLabel={(code) => `${format.country(code)} (${code})`}
      filterSelectedOptions
      noOptionsText={t('brandCampaigns.form.noCountries')}
      clearText={t('brandCampaigns.form.clear')}
      openText={t('brandCampaigns.form.open')}
      closeText={t('buttons.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('brandCampaigns.form.audienceCountries')}
          error={!!error}
          helperText={error ?? t('brandCampaigns.form.audienceCountriesHelp')}
        />
      )}
    />
  );
}
