import FactCheck from '@mui/icons-material/FactCheck';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable } from '../../../components/admin/admin-table';
import { HandleCell, TwoLines } from '../../../components/admin/cells';
import { categoriesColumn, dateTimeColumn, useCategoryLabels } from '../../../components/admin/columns';
import { SUSPENDED_FILTER, type TableSpec } from '../../../components/admin/table-state';
import type { AdminCreator } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';
import { SuspendedChip } from '../users/list';
import { IdentityCell } from './identity-cell';

const SPEC: TableSpec = {
  resource: 'creators',
  sortFields: ['createdAt', 'email', 'fullName', 'instagramFollowers', 'tiktokFollowers'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    { name: 'q', label: 'admin.filter.search', kind: 'search', maxLength: 100 },
    // Options from `GET /api/categories`.
    { name: 'category', label: 'admin.creators.filter.category', kind: 'select' },
    SUSPENDED_FILTER,
  ],
  cursorPages: true,
  profileSorts: ['instagramFollowers', 'tiktokFollowers'],
};

/** Admins: creators with tier, linked accounts, followers and categories. */
export function AdminCreatorsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <CreatorsTable />
    </RoleOnly>
  );
}

function CreatorsTable() {
  const t = useT();
  const navigate = useNavigate();
  const categoryLabels = useCategoryLabels();

  const columns = useMemo<GridColDef<AdminCreator>[]>(
    () => [
      {
        field: 'fullName',
        headerName: t('admin.columns.name'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => <TwoLines primary={row.fullName} />,
      },
      { field: 'email', headerName: t('admin.columns.email'), minWidth: 190, flex: 1.2 },
      {
        field: 'tier',
        headerName: t('admin.creators.columns.tier'),
        minWidth: 80,
        valueFormatter: (value: AdminCreator['tier']) => (value ? t(`admin.creators.tier.${value}`) : ''),
      },
      {
        field: 'instagramFollowers',
        headerName: t('admin.creators.columns.instagram'),
        minWidth: 140,
        flex: 0.9,
        renderCell: ({ row }) => <HandleCell handle={row.instagramHandle} followers={row.instagramFollowers} />,
      },
      {
        field: 'tiktokFollowers',
        headerName: t('admin.creators.columns.tiktok'),
        minWidth: 140,
        flex: 0.9,
        renderCell: ({ row }) => <HandleCell handle={row.tiktokHandle} followers={row.tiktokFollowers} />,
      },
      categoriesColumn(categoryLabels, {
        headerName: t('admin.creators.columns.categories'),
        minWidth: 180,
        flex: 1.2,
      }),
      {
        field: 'suspendedAt',
        headerName: t('admin.users.columns.suspended'),
        minWidth: 110,
        renderCell: ({ row }) => <SuspendedChip suspendedAt={row.suspendedAt} />,
      },
      {
        field: 'identityVerifiedAt',
        headerName: t('identity.admin.column'),
        minWidth: 150,
        renderCell: ({ row }) => <IdentityCell verifiedAt={row.identityVerifiedAt} />,
      },
      dateTimeColumn('createdAt', t('admin.columns.createdAt')),
    ],
    [t, categoryLabels],
  );

  const actions = useCallback(
    (row: AdminCreator): RowAction[] => [
      {
        key: 'claims',
        label: t('admin.creators.claimsOf', { name: row.fullName }),
        icon: <FactCheck />,
        onClick: () => navigate(`/admin/claims?creatorId=${encodeURIComponent(row.id)}`),
      },
    ],
    [t, navigate],
  );

  const runtimeOptions = useMemo(
    () => ({ category: [...categoryLabels].map(([value, label]) => ({ value, label })) }),
    [categoryLabels],
  );

  return (
    <AdminTable<AdminCreator>
      spec={SPEC}
      title={t('admin.creators.title')}
      intro={t('admin.creators.intro')}
      gridLabel={t('admin.creators.title')}
      columns={columns}
      actions={actions}
      runtimeOptions={runtimeOptions}
    />
  );
}
