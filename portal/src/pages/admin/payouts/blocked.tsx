import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTable } from '../../../components/admin/admin-table';
import { TwoLines, useAdminFormat } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import type { TableSpec } from '../../../components/admin/table-state';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';
import type { BlockedPayeeView } from './types';

const SPEC: TableSpec = {
  resource: 'payouts/blocked',
  sortFields: [],
  defaultSort: 'createdAt',
  defaultOrder: 'asc',
  filters: [],
};

type Row = BlockedPayeeView;

/** Admins: requested withdrawals that cannot be paid now (personal number, payout details, review hold). */
export function AdminBlockedPayeesPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <Blocked />
    </RoleOnly>
  );
}

function Blocked() {
  const t = useT();
  const format = useAdminFormat();
  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      {
        field: 'creator',
        headerName: t('payouts.list.columns.creator'),
        minWidth: 200,
        flex: 1.2,
        valueGetter: (_value, row) => `${row.creator.name} ${row.creator.email}`,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`/admin/users?q=${encodeURIComponent(row.creator.email)}`}>
            <TwoLines primary={row.creator.name} secondary={row.creator.email} />
          </Link>
        ),
      },
      {
        field: 'problem',
        headerName: t('payouts.blocked.columns.problem'),
        minWidth: 240,
        flex: 1.4,
        valueGetter: (_value, row) =>
          row.problem === 'held_for_review' && row.heldUntil
            ? t('payouts.blocked.heldUntil', { date: format.dateTime(row.heldUntil) })
            : t(`payouts.blocked.problem.${row.problem}`),
      },
      { field: 'method', headerName: t('payouts.list.columns.rail'), minWidth: 160, flex: 1 },
      {
        field: 'amountOre',
        headerName: t('payouts.list.columns.amount'),
        type: 'number',
        minWidth: 110,
        valueFormatter: (value: number) => format.sek(value),
      },
      dateTimeColumn<Row>('createdAt', t('payouts.blocked.columns.requested')),
      {
        field: 'withdrawalId',
        headerName: t('payouts.blocked.columns.queue'),
        minWidth: 140,
        renderCell: () => (
          <Link component={RouterLink} to="/admin/withdrawals?status=requested">
            {t('payouts.blocked.toQueue')}
          </Link>
        ),
      },
    ],
    [t, format],
  );
  return (
    <AdminTable<Row>
      spec={SPEC}
      title={t('payouts.blocked.title')}
      intro={t('payouts.blocked.intro')}
      gridLabel={t('payouts.blocked.title')}
      columns={columns}
      exportable={false}
    />
  );
}
