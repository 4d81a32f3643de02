import { NUMBERED_PAGES_ROWS, PROFILE_SORT_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useInvalidate, useList } from '@refinedev/core';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import type { ApiError } from '../../lib/api-fetch';
import { formatCount } from '../../lib/format-count';
import { lazyNamed } from '../../lib/lazy-named';
import { listPath, listResult, type Page, pageReachable } from '../../providers/data-provider';
import { FIRST_DATA_FRESH_MS, useFirstData } from '../../providers/first-data';
import { PageHeader } from '../layout/page-header';
import { LoadError } from '../money/load-error';
import type { AdminGrid as AdminGridType, RowAction, RowSelection } from './admin-grid';
import { FarPageNotice } from './far-page-notice';
import { exportQuery, type FilterSpec, type TableSpec, useTableState } from './table-state';

// The data grid is the largest dependency in the portal: its own chunk, behind a skeleton.
const AdminGrid = lazyNamed(() => import('./admin-grid'), 'AdminGrid') as unknown as typeof AdminGridType;

export interface AdminTableProps<Row extends GridValidRowModel & { id: string }> {
  spec: TableSpec;
  title: string;
  intro: string;
  gridLabel: string;
  columns: GridColDef<Row>[];
  actions?: (row: Row) => RowAction[];
  selection?: RowSelection<Row>;
  /** Options of select filters that come from the API (categories), by filter name. */
  runtimeOptions?: Record<string, { value: string; label: string }[]>;
  /** More controls in the filter row (a bulk action). */
  toolbar?: ReactNode;
  autoRowHeight?: boolean;
  /** False for lists the API has no CSV export of (the export button is left out). */
  exportable?: boolean;
}

/** Reloads a table after a change made in one of its dialogs. */
export function useRefreshTable(spec: TableSpec) {
  const invalidate = useInvalidate();
  return useCallback(
    () => invalidate({ resource: `admin/${spec.resource}`, invalidates: ['list'] }),
    [invalidate, spec.resource],
  );
}

/**
 * One admin list: the heading, CSV export of the filtered rows, filters, and a data grid with
 * server-side paging, sorting and filtering, all kept in the URL.
 */
export function AdminTable<Row extends GridValidRowModel & { id: string }>(props: AdminTableProps<Row>) {
  const { spec, selection } = props;
  const t = useT();
  const locale = useLocale();
  const { state, update: updateUrl } = useTableState(spec);

  const list = {
    resource: `admin/${spec.resource}`,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' as const },
    sorters: [{ field: state.sort, order: state.order }],
    filters: Object.entries(state.filters).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
  };
  // Tables with keyset pages are served by number only within the first NUMBERED_PAGES_ROWS rows,
  // PROFILE_SORT_NUMBERED_ROWS sorted by a profile's column (ADR 036). Paging forward the grid asks
  // with the previous page's cursor; a deeper page opened by its address (a link, a reload: the
  // cursors live in this tab's memory) asks nothing and says how to get there, instead of showing
  // the API's refusal as an error.
  const numberedRows = spec.profileSorts?.includes(state.sort)
    ? PROFILE_SORT_NUMBERED_ROWS
    : (spec.numberedRows ?? NUMBERED_PAGES_ROWS);
  const reachable = !spec.cursorPages || pageReachable(list, numberedRows);
  // Rendered by the server, the page came with its first page (ADR 034): shown at once, not asked for.
  const first = useFirstData<Page<Row>>(listPath(list));
  const [initialData] = useState(() => (first.data ? listResult(list, first.data) : undefined));
  const { result, query } = useList<Row, ApiError>({
    ...list,
    errorNotification: false,
    queryOptions: {
      placeholderData: (previous) => previous,
      enabled: reachable,
      ...(first.data && initialData ? { initialData, staleTime: FIRST_DATA_FRESH_MS } : {}),
    },
  });
  // While the next page loads the list has no total; a grid told 0 rows would move itself back to
  // page 1 (and the URL with it). It keeps the last total it was given until the page arrives.
  const [shownTotal, setShownTotal] = useState(0);
  if (result.total !== undefined && result.total !== shownTotal) setShownTotal(result.total);
  // The data provider passes the API's `totalIsEstimate` on beside `total` (ADR 036).
  const totalIsEstimate = (query.data as { totalIsEstimate?: boolean } | undefined)?.totalIsEstimate === true;

  const update = (change: Parameters<typeof updateUrl>[0], options?: Parameters<typeof updateUrl>[1]) => {
    if (updateUrl(change, options)) selection?.onChange([]);
  };
  const setFilter = (name: string, value: string, replace = false) =>
    update({ filters: { ...state.filters, [name]: value }, page: 1 }, { replace });
  const hasFilters = Object.keys(state.filters).length > 0;

  const exportButton = (
    <Button
      component="a"
      href={`/api/admin/${spec.resource}/export?${exportQuery(spec, state)}`}
      download
      variant="outlined"
      startIcon={<Download />}
      sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('admin.table.export')}
    </Button>
  );

  return (
    // Wider than the layout's reading column on large screens: the tables have many columns.
    <Box sx={{ width: { lg: WIDE }, ml: { lg: `calc(50% - ${WIDE} / 2)` } }}>
      <PageHeader
        title={props.title}
        intro={props.intro}
        action={props.exportable === false ? undefined : exportButton}
      />
      <Box
        role="search"
        aria-label={t('admin.table.filters')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}
      >
        {spec.filters.map((filter) =>
          filter.kind === 'select' ? (
            <TextField
              key={filter.name}
              select
              size="small"
              label={t(filter.label)}
              value={state.filters[filter.name] ?? ''}
              onChange={(event) => setFilter(filter.name, event.target.value)}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
            >
              <MenuItem value="">{t('admin.table.all')}</MenuItem>
              {(
                filter.options?.map((option) => ({ value: option.value, label: t(option.label) })) ??
                props.runtimeOptions?.[filter.name] ??
                []
              ).map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TypedFilter
              key={filter.name}
              filter={filter}
              value={state.filters[filter.name] ?? ''}
              onCommit={(value) => setFilter(filter.name, value, true)}
            />
          ),
        )}
        {hasFilters ? (
          <Button onClick={() => update({ filters: {}, page: 1 })}>{t('admin.table.clearFilters')}</Button>
        ) : null}
        <Typography variant="body2" color="text.secondary" role="status" sx={{ flexGrow: 1 }}>
          {result.total === undefined || !reachable
            ? null
            : t(totalIsEstimate ? 'admin.table.totalEstimate' : 'admin.table.total', {
                count: formatCount(result.total, locale),
              })}
        </Typography>
        {props.toolbar}
      </Box>
      {query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {reachable ? null : (
        <FarPageNotice rows={numberedRows} pageSize={state.pageSize} onFirst={() => update({ page: 1 })} />
      )}
      {!reachable || (query.error && !query.data) ? null : (
        <Suspense
          fallback={<Skeleton variant="rounded" height={300} role="progressbar" aria-label={t('app.loading')} />}
        >
          <AdminGrid<Row>
            label={props.gridLabel}
            rows={result.data}
            columns={props.columns}
            sortFields={spec.sortFields}
            total={shownTotal}
            totalIsEstimate={totalIsEstimate}
            loading={query.isFetching}
            page={state.page}
            pageSize={state.pageSize}
            sort={state.sort}
            order={state.order}
            onPage={({ page, pageSize }) => update({ page: pageSize === state.pageSize ? page : 1, pageSize })}
            onSort={({ sort, order }) => update({ page: 1, sort: sort ?? spec.defaultSort, order })}
            actions={props.actions}
            selection={selection}
            autoRowHeight={props.autoRowHeight}
            empty={{
              title: t(hasFilters ? 'admin.table.noMatches' : 'admin.table.empty'),
              body: t(hasFilters ? 'admin.table.noMatchesBody' : 'admin.table.emptyBody'),
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}

const WIDE = 'min(1320px, 100vw - 64px)';
const TYPING_PAUSE_MS = 400;

/** A search or id field: the URL (and the request) follow after a short pause in typing. */
function TypedFilter({
  filter,
  value,
  onCommit,
}: {
  filter: FilterSpec;
  value: string;
  onCommit: (v: string) => void;
}) {
  const t = useT();
  const [text, setText] = useState(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  // Back/forward or "clear filters" change the URL: show its value.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commit.current(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      size="small"
      type={filter.kind === 'search' ? 'search' : 'text'}
      label={t(filter.label)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(text.trim());
      }}
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: filter.maxLength ?? 100, spellCheck: false } }}
      sx={{ minWidth: filter.kind === 'search' ? 280 : 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
    />
  );
}
