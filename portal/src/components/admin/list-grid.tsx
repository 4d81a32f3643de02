import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { svSE } from '@mui/x-data-grid/locales';
import { createContext, use, useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { formatCount } from '../../lib/format-count';
import { PAGE_SIZES } from './table-state';

export interface ListGridProps<Row extends GridValidRowModel> {
  label: string;
  rows: Row[];
  columns: GridColDef<Row>[];
  getRowId: (row: Row) => string;
  loading: boolean;
  empty: { title: string; body: string };
  /** Rows grow with their content (long texts wrap). */
  autoRowHeight?: boolean | undefined;
}

const EmptyText = createContext({ title: '', body: '' });

/**
 * A short admin list the API sends whole (no server paging): an MUI data grid that pages and sorts
 * in the browser, with skeleton rows while loading and an empty state. Its own chunk: the grid is large.
 */
export function ListGrid<Row extends GridValidRowModel>(props: ListGridProps<Row>) {
  const t = useT();
  const locale = useLocale();
  const localeText = useMemo(
    () => ({
      ...(locale === 'sv' ? svSE.components.MuiDataGrid.defaultProps.localeText : {}),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('admin.table.pageRange', {
          from: formatCount(from, locale),
          to: formatCount(to, locale),
          count: formatCount(count, locale),
        }),
    }),
    [locale, t],
  );
  return (
    <EmptyText value={props.empty}>
      <DataGrid
        label={props.label}
        rows={props.rows}
        columns={props.columns}
        getRowId={props.getRowId}
        loading={props.loading}
        autoHeight
        rowHeight={60}
        getRowHeight={props.autoRowHeight ? () => 'auto' : undefined}
        disableColumnFilter
        disableRowSelectionOnClick
        pageSizeOptions={PAGE_SIZES}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        sortingOrder={['desc', 'asc']}
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
