import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { AdminTable } from '../../../components/admin/admin-table';
import { DateTimeCell, TwoLines, useAdminFormat } from '../../../components/admin/cells';
import { dateTimeColumn, sekColumns } from '../../../components/admin/columns';
import type { TableSpec } from '../../../components/admin/table-state';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';

interface EscrowRow {
  id: string;
  campaignId: string;
  campaignTitle: string;
  brandName: string;
  fundedAt: string;
  closedAt: string | null;
  paidInOre: number;
  paidToCreatorsOre: number;
  returnedOre: number;
  escrowOre: number;
  reservedOre: number;
}

const SPEC: TableSpec = {
  resource: 'escrow',
  sortFields: ['fundedAt'],
  defaultSort: 'fundedAt',
  defaultOrder: 'desc',
  filters: [
    {
      name: 'open',
      label: 'payments.admin.filter.open',
      kind: 'select',
      options: [
        { value: 'yes', label: 'payments.admin.filter.open.yes' },
        { value: 'no', label: 'payments.admin.filter.open.no' },
      ],
    },
  ],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

const AMOUNTS = {
  paidInOre: 'payments.admin.columns.paidIn',
  paidToCreatorsOre: 'payments.admin.columns.paidOut',
  returnedOre: 'payments.admin.columns.returned',
  escrowOre: 'payments.admin.columns.escrow',
  reservedOre: 'payments.admin.columns.reserved',
} as const;

/** Admins: escrow per funded campaign, from the ledger. */
export function AdminEscrowPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <EscrowTable />
    </RoleOnly>
  );
}

function EscrowTable() {
  const t = useT();
  const format = useAdminFormat();
  const columns = useMemo<GridColDef<EscrowRow>[]>(
    () => [
      {
        field: 'campaignTitle',
        headerName: t('payments.admin.columns.campaign'),
        minWidth: 200,
        flex: 1.2,
        sortable: false,
        renderCell: ({ row }) => <TwoLines primary={row.campaignTitle} secondary={row.brandName} />,
      },
      ...sekColumns<EscrowRow, keyof typeof AMOUNTS>(
        {
          paidInOre: t(AMOUNTS.paidInOre),
          paidToCreatorsOre: t(AMOUNTS.paidToCreatorsOre),
          returnedOre: t(AMOUNTS.returnedOre),
          escrowOre: t(AMOUNTS.escrowOre),
          reservedOre: t(AMOUNTS.reservedOre),
        },
        format.sek,
      ),
      dateTimeColumn<EscrowRow>('fundedAt', t('payments.admin.columns.fundedAt')),
      {
        field: 'closedAt',
        headerName: t('payments.admin.columns.closedAt'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ value }) => (value ? <DateTimeCell value={value} /> : '—'),
      },
    ],
    [t, format],
  );
  return (
    <AdminTable<EscrowRow>
      spec={SPEC}
      title={t('payments.admin.escrow.title')}
      intro={t('payments.admin.escrow.intro')}
      gridLabel={t('payments.admin.escrow.title')}
      columns={columns}
    />
  );
}
