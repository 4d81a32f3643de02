import type { FailedJob } from '@kollab/contract/api/jobs';
import Replay from '@mui/icons-material/Replay';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable } from '../../../components/admin/admin-table';
import { TwoLines } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import { RowConfirmDialog } from '../../../components/admin/row-confirm-dialog';
import type { TableSpec } from '../../../components/admin/table-state';
import { useRowDialog } from '../../../components/admin/use-row-dialog';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';

const SPEC: TableSpec = {
  resource: 'failed-jobs',
  sortFields: [],
  defaultSort: 'failedAt',
  defaultOrder: 'desc',
  filters: [],
};

/** Admins: jobs whose retries are spent (ADR 031) — mail that could not be sent, scheduled work that failed — and sending one back. */
export function AdminFailedJobsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <FailedJobsTable />
    </RoleOnly>
  );
}

function FailedJobsTable() {
  const t = useT();
  const dialog = useRowDialog<FailedJob>();
  const queueName = useCallback(
    (queue: string) =>
      queue === 'mail' ? t('jobs.queue.mail') : queue.startsWith('scheduled.') ? t('jobs.queue.scheduled') : queue,
    [t],
  );
  const columns = useMemo<GridColDef<FailedJob>[]>(
    () => [
      {
        field: 'summary',
        headerName: t('jobs.columns.job'),
        minWidth: 260,
        flex: 1.4,
        sortable: false,
        renderCell: ({ row }) => <TwoLines primary={row.summary} secondary={queueName(row.queue)} />,
      },
      { field: 'error', headerName: t('jobs.columns.error'), minWidth: 220, flex: 1.2, sortable: false },
      { field: 'retries', headerName: t('jobs.columns.retries'), type: 'number', minWidth: 90, sortable: false },
      dateTimeColumn<FailedJob>('firstQueuedAt', t('jobs.columns.firstQueuedAt')),
      dateTimeColumn<FailedJob>('failedAt', t('jobs.columns.failedAt')),
    ],
    [t, queueName],
  );
  const { show } = dialog;
  const actions = useCallback(
    (row: FailedJob): RowAction[] => [
      { key: 'retry', label: t('jobs.retry.open', { job: row.summary }), icon: <Replay />, onClick: () => show(row) },
    ],
    [t, show],
  );
  return (
    <>
      <AdminTable<FailedJob>
        spec={SPEC}
        title={t('jobs.title')}
        intro={t('jobs.intro')}
        gridLabel={t('jobs.title')}
        columns={columns}
        actions={actions}
        exportable={false}
      />
      <RowConfirmDialog
        spec={SPEC}
        dialog={dialog}
        title={t('jobs.retry.title')}
        body={(job) => t('jobs.retry.body', { job: job.summary })}
        confirmLabel={t('jobs.retry.submit')}
        run={(job) => apiFetch(`/api/admin/failed-jobs/${encodeURIComponent(job.id)}/retry`, { method: 'POST' })}
        doneMessage={(job) => t('jobs.retry.done', { job: job.summary })}
      />
    </>
  );
}
