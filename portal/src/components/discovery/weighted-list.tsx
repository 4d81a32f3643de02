import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useT } from '../../hooks/use-t';

/** "2,5" or "2.5" → 2.5; empty or nonsense → undefined. */
export function parseDecimal(text: string): number | undefined {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (cleaned === '') return undefined;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A percentage field that accepts a decimal comma or point and reports the number (or undefined
 * when cleared); what is typed stays as typed until it parses.
 */
export function PercentField({
  label,
  value,
  onChange,
  min = 0,
  max = 100,
  allowNegative = false,
  size,
  sx,
  helperText,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  allowNegative?: boolean;
  size?: 'small' | 'medium';
  sx?: object;
  helperText?: string;
}) {
  const t = useT();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => {
    setText((current) => (parseDecimal(current) === value ? current : value === undefined ? '' : String(value)));
  }, [value]);
  const parsed = parseDecimal(text);
  const lower = allowNegative ? -max : min;
  const isInvalid = text.trim() !== '' && (parsed === undefined || parsed < lower || parsed > max);
  return (
    <TextField
      label={label}
      value={text}
      size={size}
      sx={sx}
      error={isInvalid}
      helperText={isInvalid ? t('discovery.filters.percentRange', { min: lower, max }) : helperText}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseDecimal(event.target.value);
        if (event.target.value.trim() === '') onChange(undefined);
        else if (next !== undefined && next >= lower && next <= max) onChange(next);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}

export interface WeightedEntry {
  id: string;
  name: string;
  weight: number;
}

/**
 * Audience entries with a minimum share each ("at least 20 % in Sweden"), and a button to take
 * one away.
 */
export function WeightedList<E extends WeightedEntry>({
  entries,
  onChange,
}: {
  entries: E[];
  onChange: (entries: E[]) => void;
}) {
  const t = useT();
  if (entries.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ flex: '1 1 140px', minWidth: 0, overflowWrap: 'anywhere' }}>{entry.name}</Typography>
          <PercentField
            size="small"
            sx={{ width: 170 }}
            label={t('discovery.filters.weightFor', { name: entry.name })}
            value={entry.weight}
            min={1}
            onChange={(weight) =>
              onChange(
                entries.map((item) => (item.id === entry.id ? { ...item, weight: weight ?? item.weight } : item)),
              )
            }
          />
          <IconButton
            aria-label={t('discovery.filters.remove', { name: entry.name })}
            onClick={() => onChange(entries.filter((item) => item.id !== entry.id))}
          >
            <Close />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}
