import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '../../../hooks/use-t';
import { SORT_DIRECTIONS, SORT_FIELDS, type SortDirection, type SortField } from '../enums';
import { type SearchState, sortIsUsable } from '../search-state';
import { type Change, grid } from './filter-fields';

export function SortFields({ state, change }: { state: SearchState; change: Change }) {
  const t = useT();
  return (
    <Box sx={grid}>
      <TextField
        select
        label={t('discovery.filters.sort')}
        value={state.sort}
        onChange={(event) => change({ sort: event.target.value as SortField })}
        helperText={t('discovery.filters.sortHelp')}
      >
        {SORT_FIELDS[state.platform].map((field) => (
          <MenuItem key={field} value={field} disabled={!sortIsUsable(state, field)}>
            {t(`discovery.sort.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('discovery.filters.direction')}
        value={state.dir}
        onChange={(event) => change({ dir: event.target.value as SortDirection })}
      >
        {SORT_DIRECTIONS.map((direction) => (
          <MenuItem key={direction} value={direction}>
            {t(`discovery.direction.${direction}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
