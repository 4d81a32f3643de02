import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { AdminTable } from '../../../components/admin/admin-table';
import { TwoLines, useAdminFormat } from '../../../components/admin/cells';
import { roleLabel } from '../../../components/admin/role-label';
import type { TableSpec } from '../../../components/admin/table-state';
import type { ProviderUsageRow } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { budgetText, useDiscoveryFormat, useStatusQuery } from '../../../components/discovery/use-discovery';
import { useT } from '../../../hooks/use-t';

const SPEC: TableSpec = {
  resource: 'provider-usage',
  sortFields: ['day', 'credits', 'rawRequests', 'requests'],
  defaultSort: 'day',
  defaultOrder: 'desc',
  filters: [
    { name: 'q', label: 'admin.providerUsage.filter.search', kind: 'search', maxLength: 100 },
    { name: 'from', label: 'admin.providerUsage.filter.from', kind: 'text', maxLength: 10 },
    { name: 'to', label: 'admin.providerUsage.filter.to', kind: 'text', maxLength: 10 },
  ],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

/** Admins: what each brand (and admin) spent at the data provider per day — credits and raw requests. */
export function AdminProviderUsagePage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <ProviderUsageTable />
    </RoleOnly>
  );
}

function ProviderUsageTable() {
  const t = useT();
  const format = useAdminFormat();
  const discoveryFormat = useDiscoveryFormat();
  // Today's total against the global budget (the alert mail links here); the table itself is per user.
  const { status } = useStatusQuery(true);
  const budget = budgetText(t, discoveryFormat, status);
  const columns = useMemo<GridColDef<ProviderUsageRow>[]>(() => {
    const count = (field: keyof ProviderUsageRow, header: string, sortable = true): GridColDef<ProviderUsageRow> => ({
      field,
      headerName: header,
      type: 'number',
      minWidth: 110,
      flex: 0.5,
      sortable,
      valueFormatter: (value: number) => format.number(value),
    });
    return [
      { field: 'day', headerName: t('admin.providerUsage.columns.day'), minWidth: 120, flex: 0.5 },
      {
        field: 'user',
        headerName: t('admin.providerUsage.columns.user'),
        minWidth: 220,
        flex: 1.2,
        sortable: false,
        valueGetter: (_value, row) => row.brandName ?? row.userEmail,
        renderCell: ({ row }) => (
          <TwoLines primary={row.brandName ?? roleLabel(t, row.role)} secondary={row.userEmail} />
        ),
      },
      count('credits', t('admin.providerUsage.columns.credits')),
      count('rawRequests', t('admin.providerUsage.columns.rawRequests')),
      count('requests', t('admin.providerUsage.columns.requests')),
      count('cacheHits', t('admin.providerUsage.columns.cacheHits'), false),
    ];
  }, [t, format]);

  return (
    <AdminTable<ProviderUsageRow>
      spec={SPEC}
      title={t('admin.providerUsage.title')}
      intro={budget ? `${t('admin.providerUsage.intro')} ${budget}.` : t('admin.providerUsage.intro')}
      gridLabel={t('admin.providerUsage.title')}
      columns={columns}
    />
  );
}
