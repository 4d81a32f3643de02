import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useT } from '../../../hooks/use-t';
import type { SearchState } from '../search-state';

/** A filter group hands its edits up as a patch of the search (FilterPanel resets the page). */
export type Change = (patch: Partial<SearchState>) => void;

export const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A collapsible group of filters; its summary is a button named by the heading. */
export function Group({
  title,
  count,
  defaultExpanded = false,
  children,
}: {
  title: string;
  count: number;
  defaultExpanded?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  return (
    // A group's fields are rendered when it is first opened and then kept (MUI renders a closed
    // group's fields hidden): most of the search's fields are in the closed groups, and they cost
    // the page's render and hydration without being seen (ADR 034, fifth step).
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { mountOnEnter: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
          {count > 0 ? (
            <Typography component="span" color="primary" sx={{ ml: 1, fontWeight: 600 }}>
              {t('discovery.filters.active', { count })}
            </Typography>
          ) : null}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 2 }}>{children}</AccordionDetails>
    </Accordion>
  );
}

/** A select whose empty choice means "no filter". */
export function OptionalSelect<V extends string | number>({
  label,
  value,
  options,
  onChange,
  anyLabel,
}: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange: (value: V | undefined) => void;
  anyLabel?: string;
}) {
  const t = useT();
  return (
    <TextField
      select
      label={label}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const match = options.find((option) => String(option.value) === event.target.value);
        onChange(match?.value);
      }}
    >
      <MenuItem value="">{anyLabel ?? t('discovery.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
