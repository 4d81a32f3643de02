import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';

/**
 * A multiple choice as toggle chips: each chip is a checkbox for assistive tech and Space or
 * Enter toggles it (the same pattern as the creator's category picker).
 */
export function ChoiceChips<T extends string>({
  label,
  help,
  options,
  value,
  onChange,
  error,
  isRequired = false,
  isDisabled = false,
}: {
  label: string;
  help?: string;
  options: { value: T; label: string }[];
  value: T[];
  onChange: (value: T[]) => void;
  error?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
}) {
  const helpId = useId();
  const toggle = (item: T) =>
    onChange(value.includes(item) ? value.filter((other) => other !== item) : [...value, item]);
  const helper = error ?? help;
  return (
    <FormControl
      component="fieldset"
      error={!!error}
      required={isRequired}
      disabled={isDisabled}
      aria-describedby={helper ? helpId : undefined}
    >
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {options.map((option) => {
          const isSelected = value.includes(option.value);
          return (
            <Chip
              key={option.value}
              label={option.label}
              role="checkbox"
              aria-checked={isSelected}
              icon={isSelected ? <Check /> : undefined}
              color={isSelected ? 'primary' : 'default'}
              variant={isSelected ? 'filled' : 'outlined'}
              onClick={() => toggle(option.value)}
              disabled={isDisabled}
            />
          );
        })}
      </Box>
      {helper ? <FormHelperText id={helpId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
