import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type HTMLAttributes, useEffect, useState } from 'react';
import { useT } from '../../hooks/use-t';
import type { Platform } from './enums';
import { type DictionaryKind, dictionaryOptions } from './parse';
import { ProfileAvatar } from './profile-avatar';
import type { Choice } from './search-state';
import type { DictionaryOption } from './types';
import { useDiscoveryFormat, useDiscoveryQuery } from './use-discovery';

/** How long typing must pause before the dictionary is asked (the provider advises debouncing). */
export const DICTIONARY_DEBOUNCE_MS = 400;
/** Fewer characters than this match too much to be useful. */
export const DICTIONARY_MIN_CHARS = 2;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DICTIONARY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

interface Props {
  platform: Platform;
  kind: DictionaryKind;
  label: string;
  value: Choice[];
  onChange: (value: Choice[]) => void;
  /** One choice (the language filter) instead of a list. */
  single?: boolean;
  /** Handles may be typed in full even when the dictionary does not know them (overlap). */
  freeSolo?: boolean;
  max?: number;
  helperText?: string;
  error?: boolean;
}

/**
 * A field that looks up the provider's dictionaries (locations, languages, interests, brands,
 * accounts) as the user types: at least two characters, after a short pause, free of charge.
 */
export function DictionaryAutocomplete({
  platform,
  kind,
  label,
  value,
  onChange,
  single = false,
  freeSolo = false,
  max,
  helperText,
  error,
}: Props) {
  const t = useT();
  const format = useDiscoveryFormat();
  const [input, setInput] = useState('');
  const query = useDebounced(input.trim());
  const isEnabled = query.length >= DICTIONARY_MIN_CHARS;
  const result = useDiscoveryQuery<unknown>(
    `/api/discovery/${platform}/dictionaries/${kind}?query=${encodeURIComponent(query)}&limit=10`,
    { enabled: isEnabled, keepPrevious: true },
  );
  const options = isEnabled ? dictionaryOptions(kind, result.data, format.language) : [];
  const isFull = max !== undefined && value.length >= max;
  const noOptionsText =
    input.trim().length < DICTIONARY_MIN_CHARS
      ? t('discovery.dictionary.typeMore', { count: DICTIONARY_MIN_CHARS })
      : result.error
        ? t('discovery.dictionary.failed')
        : t('discovery.dictionary.none');
  const labelOf = (option: DictionaryOption | string) => (typeof option === 'string' ? option : option.name);
  const idOf = (option: DictionaryOption | string) => (typeof option === 'string' ? option : option.id);
  const renderOption = (props: HTMLAttributes<HTMLLIElement> & { key?: string }, option: DictionaryOption | string) => {
    const { key, ...rest } = props;
    const entry = typeof option === 'string' ? { id: option, name: option } : option;
    return (
      <Box component="li" key={key ?? entry.id} {...rest} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        {kind === 'users' ? <ProfileAvatar src={entry.picture} handle={entry.id} size={28} /> : null}
        <span>{entry.name}</span>
        {entry.followers !== undefined ? (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 'auto' }}>
            {t('discovery.followersShort', { count: format.compact(entry.followers) })}
          </Typography>
        ) : null}
      </Box>
    );
  };
  const common = {
    options: isFull ? [] : options,
    filterOptions: <O,>(items: O[]) => items,
    getOptionLabel: labelOf,
    isOptionEqualToValue: (option: DictionaryOption | string, selected: DictionaryOption | string) =>
      idOf(option) === idOf(selected),
    loading: isEnabled && result.isFetching,
    loadingText: t('app.loading'),
    noOptionsText: isFull ? t('discovery.dictionary.full', { count: max ?? 0 }) : noOptionsText,
    inputValue: input,
    onInputChange: (_: unknown, next: string, reason: string) => {
      if (reason !== 'reset') setInput(next);
    },
    renderOption,
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={label} helperText={helperText} error={error} />
    ),
  };
  if (single) {
    return (
      <Autocomplete<DictionaryOption | string, false, false, false>
        {...common}
        value={value[0] ?? null}
        onChange={(_, next) => {
          onChange(next && typeof next !== 'string' ? [{ id: next.id, name: next.name }] : []);
          setInput('');
        }}
      />
    );
  }
  return (
    <Autocomplete<DictionaryOption | string, true, false, boolean>
      {...common}
      multiple
      freeSolo={freeSolo}
      filterSelectedOptions
      value={value}
      onChange={(_, next) => {
        const choices = next.flatMap((item): Choice[] => {
          // An account is shown by its handle once chosen; the full name only helps pick it.
          if (typeof item !== 'string') return [{ id: item.id, name: kind === 'users' ? item.id : item.name }];
          const handle = item.trim().replace(/^@/, '');
          return handle ? [{ id: handle, name: handle }] : [];
        });
        const unique = choices.filter((choice, index) => choices.findIndex((c) => c.id === choice.id) === index);
        onChange(max === undefined ? unique : unique.slice(0, max));
        setInput('');
      }}
    />
  );
}
