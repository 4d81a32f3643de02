import Campaign from '@mui/icons-material/Campaign';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable } from '../../../components/admin/admin-table';
import { HandleCell, TwoLines } from '../../../components/admin/cells';
import { dateTimeColumn } from '../../../components/admin/columns';
import { SUSPENDED_FILTER, type TableSpec } from '../../../components/admin/table-state';
import type { AdminBrand } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';
import { SuspendedChip } from '../users/list';

const SPEC: TableSpec = {
  resource: 'brands',
  sortFields: ['createdAt', 'email', 'fullName', 'companyName'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [{ name: 'q', label: 'admin.brands.filter.search', kind: 'search', maxLength: 100 }, SUSPENDED_FILTER],
  cursorPages: true,
  profileSorts: ['companyName'],
};

/** Admins: brand accounts with their company details. */
export function AdminBrandsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <BrandsTable />
    </RoleOnly>
  );
}

function BrandsTable() {
  const t = useT();
  const navigate = useNavigate();

  const columns = useMemo<GridColDef<AdminBrand>[]>(
    () => [
      {
        field: 'companyName',
        headerName: t('admin.brands.columns.company'),
        minWidth: 180,
        flex: 1.2,
        renderCell: ({ row }) => (
          <TwoLines primary={row.companyName ?? t('admin.brands.noCompany')} secondary={row.orgNumber} />
        ),
      },
      { field: 'fullName', headerName: t('admin.brands.columns.contact'), minWidth: 150, flex: 1 },
      { field: 'email', headerName: t('admin.columns.email'), minWidth: 190, flex: 1.2 },
      {
        field: 'website',
        headerName: t('admin.brands.columns.website'),
        minWidth: 160,
        flex: 1,
        renderCell: ({ value }) =>
          value ? (
            <Link href={value} target="_blank" rel="noopener noreferrer" title={value}>
              {value.replace(/^https?:\/\/(www\.)?/, '')}
            </Link>
          ) : null,
      },
      {
        field: 'instagramHandle',
        headerName: t('admin.brands.columns.instagram'),
        minWidth: 150,
        flex: 0.9,
        renderCell: ({ row }) => <HandleCell handle={row.instagramHandle} followers={row.instagramFollowers} />,
      },
      { field: 'campaigns', headerName: t('admin.brands.columns.campaigns'), type: 'number', minWidth: 100 },
      {
        field: 'suspendedAt',
        headerName: t('admin.users.columns.suspended'),
        minWidth: 110,
        renderCell: ({ row }) => <SuspendedChip suspendedAt={row.suspendedAt} />,
      },
      dateTimeColumn('createdAt', t('admin.columns.createdAt')),
    ],
    [t],
  );

  const actions = useCallback(
    (row: AdminBrand): RowAction[] => [
      {
        key: 'campaigns',
        label: t('admin.brands.campaignsOf', { name: row.companyName ?? row.fullName }),
        icon: <Campaign />,
        onClick: () => navigate(`/admin/campaigns?brandId=${encodeURIComponent(row.id)}`),
      },
    ],
    [t, navigate],
  );

  return (
    <AdminTable<AdminBrand>
      spec={SPEC}
      title={t('admin.brands.title')}
      intro={t('admin.brands.intro')}
      gridLabel={t('admin.brands.title')}
      columns={columns}
      actions={actions}
    />
  );
}
