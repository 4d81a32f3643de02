import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import Download from '@mui/icons-material/Download';
import ListAlt from '@mui/icons-material/ListAlt';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { useAdminFormat } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import type { TableSpec } from '../../../components/admin/table-state';
import { RoleOnly } from '../../../components/auth/role-only';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';
import { errorText } from '../../../lib/error-text';
import type { PayoutBatchView } from './types';

const SPEC: TableSpec = {
  resource: 'payout-batches',
  sortFields: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

/** Admins: payout batches (pain.001 files), their export and their payouts' states. */
export function AdminPayoutBatchesPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <Batches />
    </RoleOnly>
  );
}

function Batches() {
  const t = useT();
  const format = useAdminFormat();
  const navigate = useNavigate();
  const refresh = useRefreshTable(SPEC);
  const columns = useMemo<GridColDef<PayoutBatchView>[]>(
    () => [
      { field: 'messageId', headerName: t('payouts.batches.columns.messageId'), minWidth: 200, flex: 1.2 },
      dateTimeColumn<PayoutBatchView>('createdAt', t('admin.columns.createdAt')),
      { field: 'executionDate', headerName: t('payouts.batches.columns.executionDate'), minWidth: 120 },
      {
        field: 'payoutCount',
        headerName: t('payouts.batches.columns.count'),
        type: 'number',
        minWidth: 90,
      },
      {
        field: 'totalOre',
        headerName: t('payouts.batches.columns.total'),
        type: 'number',
        minWidth: 120,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'counts',
        headerName: t('payouts.batches.columns.states'),
        minWidth: 200,
        flex: 1,
        valueGetter: (_value, row) =>
          t('payouts.batches.states', { sent: row.counts.sent, paid: row.counts.paid, returned: row.counts.returned }),
      },
      {
        field: 'exportCount',
        headerName: t('payouts.batches.columns.exports'),
        minWidth: 160,
        valueGetter: (_value, row) =>
          row.firstExportedAt
            ? t('payouts.batches.exported', { count: row.exportCount, date: format.dateTime(row.firstExportedAt) })
            : t('payouts.batches.notExported'),
      },
    ],
    [t, format],
  );
  return (
    <AdminTable<PayoutBatchView>
      spec={SPEC}
      title={t('payouts.batches.title')}
      intro={t('payouts.batches.intro')}
      gridLabel={t('payouts.batches.title')}
      columns={columns}
      exportable={false}
      toolbar={<BrandRefundsButton onBatched={() => void refresh()} />}
      actions={(row) => [
        {
          key: 'export',
          label: t('payouts.batches.export'),
          icon: <Download />,
          // The file comes as an attachment: the browser saves it and the page stays.
          onClick: () => window.location.assign(`/api/admin/payout-batches/${encodeURIComponent(row.id)}/pain001`),
        },
        {
          key: 'payouts',
          label: t('payouts.batches.showPayouts'),
          icon: <ListAlt />,
          onClick: () => void navigate(`/admin/payouts?batchId=${encodeURIComponent(row.id)}`),
        },
      ]}
    />
  );
}

/** Brands' bank refunds of their credit waiting for a file: all of them into a new batch. */
function BrandRefundsButton({ onBatched }: { onBatched: () => void }) {
  const t = useT();
  const { open: notify } = useNotification();
  const waiting = useApiQuery<{ id: string }[]>('/api/admin/payouts/brand-refunds');
  const [busy, setBusy] = useState(false);
  const ids = waiting.data?.map((row) => row.id) ?? [];
  if (ids.length === 0) return null;
  const batch = async () => {
    setBusy(true);
    try {
      const result = await apiFetch<{ data: { messageId: string; payoutCount: number } }>('/api/admin/payout-batches', {
        method: 'POST',
        json: { refundIds: ids },
      });
      notify?.({
        type: 'success',
        message: t('payouts.batches.brandRefundsDone', { id: result.data.messageId, count: result.data.payoutCount }),
      });
      onBatched();
    } catch (caught) {
      notify?.({ type: 'error', message: errorText(t, caught) });
    } finally {
      setBusy(false);
      void waiting.refetch();
    }
  };
  return (
    <Button variant="outlined" loading={busy} onClick={() => void batch()}>
      {t('payouts.batches.brandRefunds', { count: ids.length })}
    </Button>
  );
}
