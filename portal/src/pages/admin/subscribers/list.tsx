import DeleteOutline from '@mui/icons-material/DeleteOutline';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable } from '../../../components/admin/admin-table';
import { DateTimeCell, TwoLines } from '../../../components/admin/cells';
import { categoriesColumn, dateTimeColumn, useCategoryLabels } from '../../../components/admin/columns';
import { RowConfirmDialog } from '../../../components/admin/row-confirm-dialog';
import type { TableSpec } from '../../../components/admin/table-state';
import type { AdminSubscriber } from '../../../components/admin/types';
import { useRowDialog } from '../../../components/admin/use-row-dialog';
import { RoleOnly } from '../../../components/auth/role-only';
import { ToneChip } from '../../../components/campaigns/tone-chip';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';

const SPEC: TableSpec = {
  resource: 'subscribers',
  sortFields: ['createdAt', 'email'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    { name: 'q', label: 'admin.subscribers.filter.search', kind: 'search', maxLength: 100 },
    {
      name: 'confirmed',
      label: 'admin.subscribers.filter.confirmed',
      kind: 'select',
      options: [
        { value: 'yes', label: 'admin.subscribers.filter.confirmed.yes' },
        { value: 'no', label: 'admin.subscribers.filter.confirmed.no' },
      ],
    },
    {
      name: 'locale',
      label: 'admin.subscribers.filter.locale',
      kind: 'select',
      options: [
        { value: 'sv', label: 'admin.locale.sv' },
        { value: 'en', label: 'admin.locale.en' },
      ],
    },
  ],
  cursorPages: true,
};

/** Admins: the newsletter's subscribers, with deletion. */
export function AdminSubscribersPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <SubscribersTable />
    </RoleOnly>
  );
}

function SubscribersTable() {
  const t = useT();
  const dialog = useRowDialog<AdminSubscriber>();
  const categoryLabels = useCategoryLabels();

  const columns = useMemo<GridColDef<AdminSubscriber>[]>(
    () => [
      {
        field: 'email',
        headerName: t('admin.columns.email'),
        minWidth: 220,
        flex: 1.3,
        renderCell: ({ row }) => <TwoLines primary={row.email} />,
      },
      {
        field: 'handles',
        headerName: t('admin.subscribers.columns.handles'),
        minWidth: 160,
        flex: 1,
        valueGetter: (_value, row) =>
          [row.instagramName && `Instagram @${row.instagramName}`, row.tiktokName && `TikTok @${row.tiktokName}`]
            .filter(Boolean)
            .join('\n'),
        renderCell: ({ value }) => {
          const [first, second] = String(value).split('\n');
          return first ? <TwoLines primary={first} secondary={second} /> : null;
        },
      },
      categoriesColumn(categoryLabels, {
        headerName: t('admin.subscribers.columns.categories'),
        minWidth: 160,
        flex: 1,
      }),
      {
        field: 'locale',
        headerName: t('admin.columns.locale'),
        minWidth: 100,
        valueFormatter: (value: 'sv' | 'en') => t(`admin.locale.${value}`),
      },
      {
        field: 'confirmedAt',
        headerName: t('admin.subscribers.columns.confirmedAt'),
        minWidth: 130,
        renderCell: ({ value }) =>
          value ? (
            <DateTimeCell value={value} />
          ) : (
            <ToneChip tone="warning" label={t('admin.subscribers.filter.confirmed.no')} />
          ),
      },
      dateTimeColumn('unsubscribedAt', t('admin.subscribers.columns.unsubscribedAt'), 130),
      dateTimeColumn('createdAt', t('admin.columns.createdAt')),
    ],
    [t, categoryLabels],
  );

  const { show } = dialog;
  const actions = useCallback(
    (row: AdminSubscriber): RowAction[] => [
      {
        key: 'delete',
        label: t('admin.subscribers.delete.open', { email: row.email }),
        icon: <DeleteOutline color="error" />,
        onClick: () => show(row),
      },
    ],
    [t, show],
  );

  return (
    <>
      <AdminTable<AdminSubscriber>
        spec={SPEC}
        title={t('admin.subscribers.title')}
        intro={t('admin.subscribers.intro')}
        gridLabel={t('admin.subscribers.title')}
        columns={columns}
        actions={actions}
      />
      <RowConfirmDialog
        spec={SPEC}
        dialog={dialog}
        title={t('admin.subscribers.delete.title')}
        body={(subscriber) => t('admin.subscribers.delete.body', { email: subscriber.email })}
        confirmLabel={t('admin.subscribers.delete.submit')}
        run={(subscriber) =>
          apiFetch(`/api/admin/subscribers/${encodeURIComponent(subscriber.id)}`, { method: 'DELETE' })
        }
        doneMessage={(subscriber) => t('admin.subscribers.delete.done', { email: subscriber.email })}
      />
    </>
  );
}
