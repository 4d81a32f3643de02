import { DESK_STATES } from '@kollab/contract/desk';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useT } from '../../hooks/use-t';
import { useTypedSearch } from '../../hooks/use-typed-search';
import { SearchField } from '../form/search-field';

/** The list's orders, each a sort field and direction of GET /api/brand/campaigns. */
export const DESK_ORDERS = {
  newest: { sort: 'createdAt', order: 'desc' },
  oldest: { sort: 'createdAt', order: 'asc' },
  startsSoonest: { sort: 'startsAt', order: 'asc' },
  endsSoonest: { sort: 'endsAt', order: 'asc' },
  title: { sort: 'title', order: 'asc' },
} as const;
export type DeskOrder = keyof typeof DESK_ORDERS;

export interface DeskFilterValues {
  q: string;
  state: string;
  order: DeskOrder;
}

/** Search by title (sent after a pause in typing), status and order. */
export function DeskFilters({
  values,
  onChange,
}: {
  values: DeskFilterValues;
  onChange: (next: Partial<DeskFilterValues>) => void;
}) {
  const t = useT();
  const { text, setText, submit } = useTypedSearch(values.q, (q) => onChange({ q }));

  return (
    <Stack
      component="form"
      role="search"
      aria-label={t('desk.filters.label')}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <SearchField label={t('desk.filters.search')} value={text} onChange={setText} />
      <TextField
        select
        label={t('desk.filters.state')}
        value={values.state}
        onChange={(event) => onChange({ state: event.target.value })}
        sx={{ flex: 1, minWidth: 150 }}
      >
        <MenuItem value="">{t('desk.filters.allStates')}</MenuItem>
        {DESK_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {t(`desk.state.${state}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('desk.filters.sort')}
        value={values.order}
        onChange={(event) => onChange({ order: event.target.value as DeskOrder })}
        sx={{ flex: 1, minWidth: 150 }}
      >
        {(Object.keys(DESK_ORDERS) as DeskOrder[]).map((order) => (
          <MenuItem key={order} value={order}>
            {t(`desk.sort.${order}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
