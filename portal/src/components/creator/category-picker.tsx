import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { useLocale } from '../../hooks/use-locale';
import type { Category } from '../../lib/api-types';

/** Interest categories as toggle chips: each is a checkbox for assistive tech, Space or Enter toggles it. */
export function CategoryPicker({
  label,
  help,
  categories,
  value,
  onChange,
  error,
}: {
  label: string;
  help: string;
  categories: Category[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const locale = useLocale();
  const helpId = useId();
  const toggle = (key: string) =>
    onChange(value.includes(key) ? value.filter((item) => item !== key) : [...value, key]);
  return (
    <FormControl component="fieldset" error={!!error} required aria-describedby={helpId}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {categories.map((category) => {
          const isSelected = value.includes(category.key);
          return (
            <Chip
              key={category.key}
              label={category[locale]}
              role="checkbox"
              aria-checked={isSelected}
              icon={isSelected ? <Check /> : undefined}
              color={isSelected ? 'primary' : 'default'}
              variant={isSelected ? 'filled' : 'outlined'}
              onClick={() => toggle(category.key)}
            />
          );
        })}
      </Box>
      <FormHelperText id={helpId}>{error ?? help}</FormHelperText>
    </FormControl>
  );
}
