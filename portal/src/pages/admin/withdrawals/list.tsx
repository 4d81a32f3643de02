import Block from '@mui/icons-material/Block';
import Download from '@mui/icons-material/Download';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { svSE } from '@mui/x-data-grid/locales';
import { useList, useNotification } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { LoadError } from '../../../components/money/load-error';
import {
  type AdminWithdrawal,
  useMoneyFormat,
  WITHDRAWAL_STATUSES,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../../components/money/money';
import { RoleOnly } from '../../../components/money/role-only';
import { type SettleAction, SettleDialog } from '../../../components/money/settle-dialog';
import { StatusChip } from '../../../components/money/status-chip';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';
import type { ApiError } from '../../../lib/api-fetch';

type StatusFilter = WithdrawalStatus | 'all';
type SortField = 'createdAt' | 'amountOre';

const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULTS = {
  page: 1,
  pageSize: 25,
  status: 'requested' as StatusFilter,
  sort: 'createdAt' as SortField,
  order: 'asc' as const,
};

/** The queue's state from the URL (`?page=2&pageSize=25&status=all&sort=amountOre&order=desc`), defaults filled in. */
function readState(params: URLSearchParams) {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULTS.pageSize,
    status:
      status === 'all' || WITHDRAWAL_STATUSES.includes(status as WithdrawalStatus)
        ? (status as StatusFilter)
        : DEFAULTS.status,
    sort: sort === 'amountOre' || sort === 'createdAt' ? sort : DEFAULTS.sort,
    order: order === 'desc' ? ('desc' as const) : ('asc' as const),
  };
}
type QueueState = ReturnType<typeof readState>;

function writeState(state: QueueState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value !== DEFAULTS[key as keyof QueueState]) params.set(key, String(value));
  }
  return params;
}

/** Admins: the payouts queue. */
export function AdminWithdrawalsPage() {
  return (
    <RoleOnly allow="admin">
      <PayoutsQueue />
    </RoleOnly>
  );
}

function PayoutsQueue() {
  const t = useT();
  const locale = useLocale();
  const format = useMoneyFormat();
  const { open: notify } = useNotification();
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [settled, setSettled] = useState<Map<string, Withdrawal>>(new Map());
  const [target, setTarget] = useState<{ withdrawal: AdminWithdrawal; action: SettleAction } | null>(null);

  const { result, query } = useList<AdminWithdrawal, ApiError>({
    resource: 'admin/withdrawals',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    sorters: [{ field: state.sort, order: state.order }],
    filters: state.status === 'all' ? [] : [{ field: 'status', operator: 'eq', value: state.status }],
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  // Rows settled here show their new status until the next load.
  const rows = useMemo(() => result.data.map((row) => ({ ...row, ...settled.get(row.id) })), [result.data, settled]);

  const update = (change: Partial<QueueState>) => {
    const next = writeState({ ...state, ...change });
    if (next.toString() !== writeState(state).toString()) setParams(next);
  };
  const clearSelection = () => setSelection({ type: 'include', ids: new Set() });
  const onPagination = (model: GridPaginationModel) => {
    clearSelection();
    update({ page: model.pageSize === state.pageSize ? model.page + 1 : 1, pageSize: model.pageSize });
  };
  const onSort = (model: GridSortModel) => {
    const [first] = model;
    update({
      page: 1,
      sort: (first?.field as SortField | undefined) ?? DEFAULTS.sort,
      order: first?.sort === 'desc' ? 'desc' : 'asc',
    });
  };

  const selectedIds = rows
    .filter((row) => row.status === 'requested')
    .filter((row) => (selection.type === 'include' ? selection.ids.has(row.id) : !selection.ids.has(row.id)))
    .map((row) => row.id);

  const onSettled = (withdrawal: Withdrawal) => {
    setSettled((previous) => new Map(previous).set(withdrawal.id, withdrawal));
    setSelection((previous) => {
      const ids = new Set(previous.ids);
      ids.delete(withdrawal.id);
      return { ...previous, ids };
    });
    notify?.({
      type: 'success',
      message: t(withdrawal.status === 'paid' ? 'money.admin.pay.done' : 'money.admin.reject.done', {
        amount: format.sek(withdrawal.amountOre),
      }),
    });
    setTarget(null);
  };
  const onConflict = () => {
    setTarget(null);
    setSettled(new Map());
    void query.refetch();
    notify?.({ type: 'error', message: t('money.admin.alreadySettled') });
  };

  const columns: GridColDef<AdminWithdrawal>[] = [
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
        (row.status === 'paid' ? row.reference : row.status === 'rejected' ? row.reason : '') ?? '',
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
              <GridActionsCellItem
                key="pay"
                icon={<TaskAlt color="primary" />}
                label={t('money.admin.pay.open')}
                title={t('money.admin.pay.open')}
                onClick={() => setTarget({ withdrawal: row, action: 'pay' })}
              />,
              <GridActionsCellItem
                key="reject"
                icon={<Block color="error" />}
                label={t('money.admin.reject.open')}
                title={t('money.admin.reject.open')}
                onClick={() => setTarget({ withdrawal: row, action: 'reject' })}
              />,
            ]
          : [],
    },
  ];

  const localeText = useMemo(
    () => ({
      ...(locale === 'sv' ? svSE.components.MuiDataGrid.defaultProps.localeText : {}),
      paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
        t('money.admin.pageRange', { from, to, count }),
    }),
    [locale, t],
  );

  const exportHref =
    selectedIds.length > 0
      ? `/api/admin/withdrawals/export?ids=${selectedIds.map(encodeURIComponent).join(',')}`
      : undefined;
  const exportButton = (
    <Button
      component="a"
      href={exportHref}
      download
      variant="contained"
      startIcon={<Download />}
      disabled={!exportHref}
      sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('money.admin.export', { count: selectedIds.length })}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('money.admin.title')} intro={t('money.admin.intro')} action={exportButton} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('money.admin.statusFilter')}
          value={state.status}
          onChange={(event) => {
            clearSelection();
            setSettled(new Map());
            update({ status: event.target.value as StatusFilter, page: 1 });
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="requested">{t('money.admin.filter.requested')}</MenuItem>
          <MenuItem value="paid">{t('money.admin.filter.paid')}</MenuItem>
          <MenuItem value="rejected">{t('money.admin.filter.rejected')}</MenuItem>
          <MenuItem value="all">{t('money.admin.filter.all')}</MenuItem>
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status">
          {result.total === undefined ? null : t('money.admin.total', { count: result.total })}
        </Typography>
      </Box>
      {query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <Box sx={{ width: '100%', bgcolor: 'background.paper', borderRadius: 1 }}>
        <DataGrid
          label={t('money.admin.gridLabel')}
          rows={rows}
          columns={columns}
          rowCount={result.total ?? 0}
          loading={query.isFetching}
          autoHeight
          rowHeight={60}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          paginationModel={{ page: state.page - 1, pageSize: state.pageSize }}
          onPaginationModelChange={onPagination}
          pageSizeOptions={PAGE_SIZES}
          sortModel={[{ field: state.sort, sort: state.order }]}
          onSortModelChange={onSort}
          sortingOrder={['asc', 'desc']}
          checkboxSelection
          disableRowSelectionOnClick
          isRowSelectable={({ row }) => row.status === 'requested'}
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          localeText={localeText}
          columnVisibilityModel={{
            details: state.status !== 'requested',
            actions: state.status === 'requested' || state.status === 'all',
          }}
          slots={{ noRowsOverlay: EmptyQueue }}
          slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
          sx={{ minHeight: 300 }}
        />
      </Box>
      <SettleDialog target={target} onClose={() => setTarget(null)} onSettled={onSettled} onConflict={onConflict} />
    </>
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
