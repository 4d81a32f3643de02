import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import DeleteForever from '@mui/icons-material/DeleteForever';
import Box from '@mui/material/Box';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { ErasurePlanList } from '../../../components/account/erasure-plan';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable } from '../../../components/admin/admin-table';
import { DateTimeCell } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import { RowConfirmDialog } from '../../../components/admin/row-confirm-dialog';
import type { TableSpec } from '../../../components/admin/table-state';
import type { DeletionRequest } from '../../../components/admin/types';
import { useRowDialog } from '../../../components/admin/use-row-dialog';
import { RoleOnly } from '../../../components/auth/role-only';
import { type Tone, ToneChip } from '../../../components/campaigns/tone-chip';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';

const SPEC: TableSpec = {
  resource: 'deletion-requests',
  sortFields: ['dueAt', 'createdAt'],
  // What needs doing first: the earliest due date.
  defaultSort: 'dueAt',
  defaultOrder: 'asc',
  filters: [
    {
      name: 'status',
      label: 'admin.deletions.filter.status',
      kind: 'select',
      options: [
        { value: 'pending', label: 'admin.deletions.status.pending' },
        { value: 'completed', label: 'admin.deletions.status.completed' },
        { value: 'cancelled', label: 'admin.deletions.status.cancelled' },
      ],
    },
    {
      name: 'source',
      label: 'admin.deletions.filter.source',
      kind: 'select',
      options: [
        { value: 'account', label: 'admin.deletions.source.account' },
        { value: 'public', label: 'admin.deletions.source.public' },
      ],
    },
  ],
  cursorPages: true,
};

const TONES: Record<DeletionRequest['status'], Tone> = {
  pending: 'warning',
  completed: 'success',
  cancelled: 'neutral',
};

/** Admins: requests to erase personal data, with "process now" for confirmed pending ones. */
export function AdminDeletionRequestsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <DeletionRequestsTable />
    </RoleOnly>
  );
}

function DeletionRequestsTable() {
  const t = useT();
  const dialog = useRowDialog<DeletionRequest>();

  const columns = useMemo<GridColDef<DeletionRequest>[]>(
    () => [
      { field: 'email', headerName: t('admin.columns.email'), minWidth: 220, flex: 1.4 },
      {
        field: 'source',
        headerName: t('admin.deletions.columns.source'),
        minWidth: 160,
        valueFormatter: (value: DeletionRequest['source']) => t(`admin.deletions.source.${value}`),
      },
      {
        field: 'status',
        headerName: t('admin.columns.status'),
        minWidth: 170,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <ToneChip tone={TONES[row.status]} label={t(`admin.deletions.status.${row.status}`)} />
            {row.status === 'pending' && !row.confirmedAt ? (
              <ToneChip tone="neutral" label={t('admin.deletions.notConfirmed')} />
            ) : null}
            {row.status === 'pending' && row.heldReason ? (
              <ToneChip tone="warning" label={t(`admin.deletions.held.${row.heldReason}`)} />
            ) : null}
          </Box>
        ),
      },
      {
        field: 'dueAt',
        headerName: t('admin.deletions.columns.dueAt'),
        minWidth: 150,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <DateTimeCell value={row.dueAt} />
            {row.status === 'pending' && new Date(row.dueAt) < new Date() ? (
              <ToneChip tone="error" label={t('admin.deletions.overdue')} />
            ) : null}
          </Box>
        ),
      },
      dateTimeColumn('confirmedAt', t('admin.deletions.columns.confirmedAt')),
      dateTimeColumn('completedAt', t('admin.deletions.columns.completedAt')),
      dateTimeColumn('createdAt', t('admin.columns.createdAt')),
    ],
    [t],
  );

  const { show } = dialog;
  const actions = useCallback(
    (row: DeletionRequest): RowAction[] =>
      // The API processes pending requests that are confirmed; anything else is a 409.
      row.status === 'pending' && row.confirmedAt
        ? [
            {
              key: 'process',
              label: t('admin.deletions.process.open', { email: row.email }),
              icon: <DeleteForever color="error" />,
              onClick: () => show(row),
            },
          ]
        : [],
    [t, show],
  );

  return (
    <>
      <AdminTable<DeletionRequest>
        spec={SPEC}
        title={t('admin.deletions.title')}
        intro={t('admin.deletions.intro')}
        gridLabel={t('admin.deletions.title')}
        columns={columns}
        actions={actions}
      />
      <RowConfirmDialog
        spec={SPEC}
        dialog={dialog}
        title={t('admin.deletions.process.title')}
        body={(request) => <ProcessBody request={request} />}
        confirmLabel={t('admin.deletions.process.submit')}
        run={(request) =>
          apiFetch<{ data: DeletionRequest }>(
            `/api/admin/deletion-requests/${encodeURIComponent(request.id)}/process`,
            { method: 'POST' },
          )
        }
        doneMessage={(request, { data }) =>
          data.status === 'completed' || !data.heldReason
            ? t('admin.deletions.process.done', { email: request.email })
            : t('admin.deletions.process.held', {
                email: request.email,
                reason: t(`admin.deletions.held.${data.heldReason}`).toLowerCase(),
              })
        }
      />
    </>
  );
}

/** The dialog's text: what is erased, and what processing does to the account's money and work. */
function ProcessBody({ request }: { request: DeletionRequest }) {
  const t = useT();
  const { data: plan, isLoading } = useApiQuery<ErasurePlan | null>(
    `/api/admin/deletion-requests/${encodeURIComponent(request.id)}/plan`,
  );
  return (
    <>
      {t('admin.deletions.process.body', { email: request.email })}
      {isLoading ? null : plan ? (
        <>
          <Box sx={{ mt: 2 }}>{t('admin.deletions.process.plan')}</Box>
          <ErasurePlanList plan={plan} label={t('admin.deletions.process.plan')} />
        </>
      ) : (
        <Box sx={{ mt: 2 }}>{t('admin.deletions.process.noAccount')}</Box>
      )}
    </>
  );
}
