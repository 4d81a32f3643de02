import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { svSE } from '@mui/x-data-grid/locales';
import { createContext, type ReactElement, use, useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { formatCount } from '../../lib/format-count';
import { gridCount } from './grid-count';
import { type Order, PAGE_SIZES } from './table-state';

type GridDisplayedRows = { from: number; to: number; count: number; estimated: number | undefined };

/** A button in a row's actions cell (an icon with a tooltip and an accessible name). */
export interface RowAction {
  key: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
}

export interface RowSelection<Row> {
  isSelectable: (row: Row) => boolean;
  ids: string[];
  onChange: (rows: Row[]) => void;
}

export interface AdminGridProps<Row extends GridValidRowModel & { id: string }> {
  label: string;
  rows: Row[];
  columns: GridColDef<Row>[];
  /** Only these columns sort (on the server); every other column is not sortable. */
  sortFields: readonly string[];
  total: number;
  /** `total` is the API's estimate (past its exact-count limit): page on while pages are full. */
  totalIsEstimate?: boolean | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  sort: string;
  order: Order;
  onPage: (change: { page: number; pageSize: number }) => void;
  onSort: (change: { sort: string | null; order: Order }) => void;
  actions?: ((row: Row) => RowAction[]) | undefined;
  selection?: RowSelection<Row> | undefined;
  /** Rows grow with their content (the audit log's details). */
  autoRowHeight?: boolean | undefined;
  empty: { title: string; body: string };
}

const EmptyText = createContext({ title: '', body: '' });

/**
 * An admin list as an MUI data grid: server-side paging and sorting, optional checkbox selection
 * and row actions, skeleton rows while loading and an empty state. Its own chunk: the grid is large.
 */
export function AdminGrid<Row extends GridValidRowModel & { id: string }>(props: AdminGridProps<Row>) {
  const { rows, actions, selection, sortFields } = props;
  const t = useT();
  const locale = useLocale();

  const localeText = useMemo(
    () => ({
      ...(locale === 'sv' ? svSE.components.MuiDataGrid.defaultProps.localeText : {}),
      paginationDisplayedRows: ({ from, to, count, estimated }: GridDisplayedRows) => {
        const range = { from: formatCount(from, locale), to: formatCount(to, locale) };
        return count === -1
          ? t('admin.table.pageRangeEstimate', { ...range, count: formatCount(estimated ?? to, locale) })
          : t('admin.table.pageRange', { ...range, count: formatCount(count, locale) });
      },
    }),
    [locale, t],
  );

  const columns = useMemo<GridColDef<Row>[]>(() => {
    const all = props.columns.map((column) => ({ ...column, sortable: sortFields.includes(column.field) }));
    if (!actions) return all;
    return [
      ...all,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('admin.table.actions'),
        minWidth: 130,
        getActions: ({ row }) =>
          actions(row).map((action) => (
            <GridActionsCellItem
              key={action.key}
              icon={action.icon}
              label={action.label}
              title={action.label}
              onClick={action.onClick}
            />
          )),
      } satisfies GridColDef<Row>,
    ];
  }, [props.columns, sortFields, actions, t]);

  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection?.ids ?? []) }),
    [selection?.ids],
  );
  // "Select all" may come back as an exclude-list: turn it into the selectable rows' ids.
  const onSelection = (model: GridRowSelectionModel) =>
    selection?.onChange(
      rows
        .filter((row) => selection.isSelectable(row))
        .filter((row) => (model.type === 'include' ? model.ids.has(row.id) : !model.ids.has(row.id))),
    );
  // Stable references: the grid treats a new sort model as a sort change and moves itself back to
  // the first page (MUI's pagination listens for `sortModelChange`), which raced with "next page".
  const sortModel = useMemo<GridSortModel>(() => [{ field: props.sort, sort: props.order }], [props.sort, props.order]);
  const paginationModel = useMemo(
    () => ({ page: props.page - 1, pageSize: props.pageSize }),
    [props.page, props.pageSize],
  );
  const onSortModel = (model: GridSortModel) => {
    const [first] = model;
    props.onSort({ sort: first?.field ?? null, order: first?.sort === 'desc' ? 'desc' : 'asc' });
  };

  return (
    <EmptyText value={props.empty}>
      <DataGrid
        label={props.label}
        rows={rows}
        columns={columns}
        {...gridCount(props.total, props.totalIsEstimate === true, rows.length, props.pageSize)}
        loading={props.loading}
        autoHeight
        rowHeight={60}
        getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        paginationModel={paginationModel}
        onPaginationModelChange={(model) => props.onPage({ page: model.page + 1, pageSize: model.pageSize })}
        pageSizeOptions={PAGE_SIZES}
        sortModel={sortModel}
        onSortModelChange={onSortModel}
        sortingOrder={['desc', 'asc']}
        checkboxSelection={!!selection}
        disableRowSelectionOnClick
        isRowSelectable={selection ? ({ row }) => selection.isSelectable(row) : undefined}
        rowSelectionModel={selection ? selectionModel : undefined}
        onRowSelectionModelChange={selection ? onSelection : undefined}
        localeText={localeText}
        slots={{ noRowsOverlay: EmptyOverlay }}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        sx={{
          minHeight: 300,
          bgcolor: 'background.paper',
          ...(props.autoRowHeight ? { '& .MuiDataGrid-cell': { py: 1 } } : {}),
        }}
      />
    </EmptyText>
  );
}

function EmptyOverlay() {
  const { title, body } = use(EmptyText);
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography component="p" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
      </Box>
    </Box>
  );
}
