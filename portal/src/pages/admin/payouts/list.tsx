import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import Sync from '@mui/icons-material/Sync';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useMemo } from 'react';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { TwoLines, useAdminFormat } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import type { TableSpec } from '../../../components/admin/table-state';
import { RoleOnly } from '../../../components/auth/role-only';
import { StatusChip } from '../../../components/money/status-chip';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';
import { errorText } from '../../../lib/error-text';
import { PAYOUT_RAILS, PAYOUT_STATUSES, type PayoutView } from './types';

const SPEC: TableSpec = {
  resource: 'payouts',
  sortFields: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    {
      name: 'rail',
      label: 'payouts.list.filter.rail',
      kind: 'select',
      options: PAYOUT_RAILS.map((rail) => ({ value: rail, label: `payouts.rail.${rail}` as const })),
    },
    {
      name: 'status',
      label: 'payouts.list.filter.status',
      kind: 'select',
      options: PAYOUT_STATUSES.map((status) => ({ value: status, label: `money.status.${status}` as const })),
    },
    { name: 'batchId', label: 'payouts.list.filter.batch', kind: 'text', maxLength: 64 },
  ],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

/** Admins: every payout sent by bank file or Swish, and what became of it. */
export function AdminPayoutsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <Payouts />
    </RoleOnly>
  );
}

function Payouts() {
  const t = useT();
  const format = useAdminFormat();
  const refresh = useRefreshTable(SPEC);
  const { open: notify } = useNotification();
  const columns = useMemo<GridColDef<PayoutView>[]>(
    () => [
      {
        field: 'creator',
        headerName: t('payouts.list.columns.creator'),
        minWidth: 180,
        flex: 1.2,
        valueGetter: (_value, row) => `${row.creator.name} ${row.creator.email}`,
        renderCell: ({ row }) => <TwoLines primary={row.creator.name} secondary={row.creator.email} />,
      },
      {
        field: 'rail',
        headerName: t('payouts.list.columns.rail'),
        minWidth: 140,
        valueGetter: (_value, row) =>
          `${t(`payouts.rail.${row.rail}`)} · ${row.method ?? t('payouts.list.brandRefund')}`,
      },
      {
        field: 'amountOre',
        headerName: t('payouts.list.columns.amount'),
        type: 'number',
        minWidth: 110,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'status',
        headerName: t('admin.columns.status'),
        minWidth: 120,
        renderCell: ({ row }) => <StatusChip status={row.status} />,
      },
      { field: 'returnReason', headerName: t('payouts.list.columns.reason'), minWidth: 100 },
      { field: 'endToEndId', headerName: t('payouts.list.columns.reference'), minWidth: 200, flex: 1 },
      dateTimeColumn<PayoutView>('createdAt', t('payouts.list.columns.sent')),
      dateTimeColumn<PayoutView>('settledAt', t('payouts.list.columns.settled')),
    ],
    [t, format],
  );
  const check = async (row: PayoutView) => {
    try {
      const { data } = await apiFetch<{ data: { status: string } | null }>(
        `/api/admin/payouts/${encodeURIComponent(row.id)}/swish-status`,
        { method: 'POST' },
      );
      notify?.({ type: 'success', message: t(data ? 'payouts.list.checked' : 'payouts.list.unchanged') });
      await refresh();
    } catch (caught) {
      notify?.({ type: 'error', message: errorText(t, caught) });
    }
  };
  return (
    <AdminTable<PayoutView>
      spec={SPEC}
      title={t('payouts.list.title')}
      intro={t('payouts.list.intro')}
      gridLabel={t('payouts.list.title')}
      columns={columns}
      exportable={false}
      actions={(row) =>
        row.rail === 'swish' && row.status === 'sent'
          ? [{ key: 'check', label: t('payouts.list.check'), icon: <Sync />, onClick: () => void check(row) }]
          : []
      }
    />
  );
}
