import Block from '@mui/icons-material/Block';
import Send from '@mui/icons-material/Send';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { svSE } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import {
  type AdminWithdrawal,
  isHeld,
  PAYOUTS_PAGE_SIZES,
  type PayoutsSortField,
  useMoneyFormat,
  type WithdrawalStatus,
} from './money';
import type { SettleAction } from './settle-dialog';
import { StatusChip } from './status-chip';

export interface PayoutsGridProps {
  rows: AdminWithdrawal[];
  total: number;
  loading: boolean;
  status: WithdrawalStatus | 'all';
  /** 1-based, as in the URL. */
  page: number;
  pageSize: number;
  sort: PayoutsSortField;
  order: 'asc' | 'desc';
  onPage: (change: { page: number; pageSize: number }) => void;
  onSort: (change: { sort: PayoutsSortField | null; order: 'asc' | 'desc' }) => void;
  /** The selected withdrawals' ids (requested ones only: they are the ones a bank batch can pay). */
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  onAction: (withdrawal: AdminWithdrawal, action: SettleAction | 'swish') => void;
}

/**
 * The payouts queue as an MUI data grid: server-side paging and sorting (date and amount), checkbox
 * selection of requested rows, and the pay and reject actions. Its own chunk: the grid is large.
 */
export function PayoutsGrid(props: PayoutsGridProps) {
  const { rows, status, onAction } = props;
  const t = useT();
  const locale = useLocale();
  const format = useMoneyFormat();

  const localeText = useMemo(
    () => ({
      ...(locale === 'sv' ? svSE.components.MuiDataGrid.defaultProps.localeText : {}),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('money.admin.pageRange', { from, to, count }),
    }),
    [locale, t],
  );

  const columns = useMemo<GridColDef<AdminWithdrawal>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('money.admin.columns.createdAt'),
        minWidth: 120,
        flex: 0.8,
        valueFormatter: (value: string) => format.dateTime(value),
        renderCell: ({ value }) => (
          <Box sx={{ lineHeight: 1.3, py: 1, whiteSpace: 'normal' }}>
            <Typography variant="body2">{format.date(value)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {format.time(value)}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'creator',
        headerName: t('money.admin.columns.creator'),
        sortable: false,
        minWidth: 180,
        flex: 1.4,
        valueGetter: (_value, row) => `${row.creator.name} ${row.creator.email}`,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 1, overflow: 'hidden' }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {row.creator.name}
            </Typography>
            <Typography variant="body2" noWrap color="text.secondary" title={row.creator.email}>
              {row.creator.email}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'amountOre',
        headerName: t('money.admin.columns.amount'),
        type: 'number',
        minWidth: 110,
        flex: 0.8,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'paymentMethodMasked',
        headerName: t('money.admin.columns.method'),
        sortable: false,
        minWidth: 140,
        flex: 1,
      },
      {
        field: 'status',
        headerName: t('money.admin.columns.status'),
        sortable: false,
        minWidth: 100,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      {
        field: 'details',
        headerName: t('money.admin.columns.details'),
        sortable: false,
        minWidth: 160,
        flex: 1,
        valueGetter: (_value, row) =>
          (isHeld(row)
            ? t('money.admin.heldUntil', { date: format.dateTime(row.heldUntil ?? '') })
            : row.status === 'paid' || row.status === 'sent'
              ? row.reference
              : row.status === 'rejected' || row.status === 'returned'
                ? row.reason
                : '') ?? '',
        renderCell: ({ value }) => <span title={value}>{value}</span>,
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: t('money.admin.columns.actions'),
        minWidth: 90,
        getActions: ({ row }) =>
          row.status === 'requested'
            ? [
                // Held for review: it can be rejected now, but paid only once the hold has run out.
                // PayPal is marked paid by hand; Swish is sent from here; bank and IBAN go in a batch.
                ...(isHeld(row) || (row.paymentMethodType !== 'paypal' && row.paymentMethodType !== 'swish')
                  ? []
                  : [
                      row.paymentMethodType === 'swish' ? (
                        <GridActionsCellItem
                          key="swish"
                          icon={<Send color="primary" />}
                          label={t('payouts.swish.open')}
                          title={t('payouts.swish.open')}
                          onClick={() => onAction(row, 'swish')}
                        />
                      ) : (
                        <GridActionsCellItem
                          key="pay"
                          icon={<TaskAlt color="primary" />}
                          label={t('money.admin.pay.open')}
                          title={t('money.admin.pay.open')}
                          onClick={() => onAction(row, 'pay')}
                        />
                      ),
                    ]),
                <GridActionsCellItem
                  key="reject"
                  icon={<Block color="error" />}
                  label={t('money.admin.reject.open')}
                  title={t('money.admin.reject.open')}
                  onClick={() => onAction(row, 'reject')}
                />,
              ]
            : [],
      },
    ],
    [t, format, onAction],
  );

  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(props.selectedIds) }),
    [props.selectedIds],
  );
  // "Select all" may come back as an exclude-list: turn it into the selectable rows' ids.
  const onSelection = (model: GridRowSelectionModel) =>
    props.onSelect(
      rows
        .filter((row) => row.status === 'requested')
        .filter((row) => (model.type === 'include' ? model.ids.has(row.id) : !model.ids.has(row.id)))
        .map((row) => row.id),
    );
  const onSortModel = (model: GridSortModel) => {
    const [first] = model;
    props.onSort({
      sort: (first?.field as PayoutsSortField | undefined) ?? null,
      order: first?.sort === 'desc' ? 'desc' : 'asc',
    });
  };

  // Stable references: MUI's grid treats a new sort model as a sort change and goes back to the
  // first page (the admin grid's race with "next page", admin-grid.tsx).
  const sortModel = useMemo<GridSortModel>(() => [{ field: props.sort, sort: props.order }], [props.sort, props.order]);
  const paginationModel = useMemo(
    () => ({ page: props.page - 1, pageSize: props.pageSize }),
    [props.page, props.pageSize],
  );

  return (
    <DataGrid
      label={t('money.admin.gridLabel')}
      rows={rows}
      columns={columns}
      rowCount={props.total}
      loading={props.loading}
      autoHeight
      rowHeight={60}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      paginationModel={paginationModel}
      onPaginationModelChange={(model) => props.onPage({ page: model.page + 1, pageSize: model.pageSize })}
      pageSizeOptions={PAYOUTS_PAGE_SIZES}
      sortModel={sortModel}
      onSortModelChange={onSortModel}
      sortingOrder={['asc', 'desc']}
      checkboxSelection
      disableRowSelectionOnClick
      isRowSelectable={({ row }) => row.status === 'requested'}
      rowSelectionModel={selectionModel}
      onRowSelectionModelChange={onSelection}
      localeText={localeText}
      columnVisibilityModel={{
        details: status !== 'requested',
        actions: status === 'requested' || status === 'all',
      }}
      slots={{ noRowsOverlay: EmptyQueue }}
      slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      sx={{ minHeight: 300, bgcolor: 'background.paper' }}
    />
  );
}

function EmptyQueue() {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography component="p" variant="h6" gutterBottom>
          {t('money.admin.empty.title')}
        </Typography>
        <Typography color="text.secondary">{t('money.admin.empty.body')}</Typography>
      </Box>
    </Box>
  );
}
