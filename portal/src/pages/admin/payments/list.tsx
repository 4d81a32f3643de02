import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { AdminTable } from '../../../components/admin/admin-table';
import { TwoLines, useAdminFormat } from '../../../components/admin/cells';
import { dateTimeColumn, sekColumns } from '../../../components/admin/columns';
import type { TableSpec } from '../../../components/admin/table-state';
import { RoleOnly } from '../../../components/auth/role-only';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type Payment } from '../../../components/payments/types';
import { useT } from '../../../hooks/use-t';

type AdminPayment = Payment & { brand: { id: string; name: string; email: string } };

const SPEC: TableSpec = {
  resource: 'payments',
  sortFields: ['createdAt', 'amountOre'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    {
      name: 'status',
      label: 'payments.admin.filter.status',
      kind: 'select',
      options: PAYMENT_STATUSES.map((status) => ({ value: status, label: `payments.state.${status}` as const })),
    },
    {
      name: 'method',
      label: 'payments.admin.filter.method',
      kind: 'select',
      options: PAYMENT_METHODS.map((method) => ({ value: method, label: `payments.method.${method}` as const })),
    },
  ],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

const AMOUNT_LABELS = {
  amountOre: 'payments.admin.columns.amount',
  receivedOre: 'payments.admin.columns.received',
  feeOre: 'payments.admin.columns.fee',
  vatOre: 'payments.admin.columns.vat',
} as const;

/** Admins: every brand payment. */
export function AdminPaymentsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <PaymentsTable />
    </RoleOnly>
  );
}

function PaymentsTable() {
  const t = useT();
  const format = useAdminFormat();
  const columns = useMemo<GridColDef<AdminPayment>[]>(
    () => [
      {
        field: 'campaignTitle',
        headerName: t('payments.admin.columns.campaign'),
        minWidth: 200,
        flex: 1.2,
        sortable: false,
        renderCell: ({ row }) => <TwoLines primary={row.campaignTitle} secondary={row.brand.name} />,
      },
      {
        field: 'method',
        headerName: t('payments.admin.columns.method'),
        minWidth: 100,
        sortable: false,
        valueGetter: (_value, row) => t(`payments.method.${row.method}`),
      },
      {
        field: 'status',
        headerName: t('admin.columns.status'),
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => t(`payments.state.${row.status}`),
      },
      ...sekColumns<AdminPayment, keyof typeof AMOUNT_LABELS>(
        {
          amountOre: t(AMOUNT_LABELS.amountOre),
          receivedOre: t(AMOUNT_LABELS.receivedOre),
          feeOre: t(AMOUNT_LABELS.feeOre),
          vatOre: t(AMOUNT_LABELS.vatOre),
        },
        format.sek,
        ['amountOre'],
      ),
      dateTimeColumn<AdminPayment>('createdAt', t('admin.columns.createdAt')),
    ],
    [t, format],
  );
  return (
    <AdminTable<AdminPayment>
      spec={SPEC}
      title={t('payments.admin.payments.title')}
      intro={t('payments.admin.payments.intro')}
      gridLabel={t('payments.admin.payments.title')}
      columns={columns}
    />
  );
}
