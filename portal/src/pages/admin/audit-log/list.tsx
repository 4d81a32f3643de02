import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { AdminTable } from '../../../components/admin/admin-table';
import { AuditDetails } from '../../../components/admin/audit-details';
import { DateTimeCell, TwoLines } from '../../../components/admin/cells';
import { roleLabel } from '../../../components/admin/role-label';
import type { TableSpec } from '../../../components/admin/table-state';
import type { AuditEntry } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { useT } from '../../../hooks/use-t';

const SPEC: TableSpec = {
  resource: 'audit-log',
  sortFields: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    { name: 'action', label: 'admin.audit.filter.action', kind: 'text', maxLength: 100 },
    { name: 'entityType', label: 'admin.audit.filter.entityType', kind: 'text', maxLength: 50 },
    { name: 'entityId', label: 'admin.audit.filter.entityId', kind: 'text', maxLength: 64 },
    { name: 'actorId', label: 'admin.audit.filter.actorId', kind: 'text', maxLength: 64 },
  ],
  cursorPages: true,
};

/** Admins: the audit log, read-only: who did what to which entity, with before and after. */
export function AdminAuditLogPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <AuditTable />
    </RoleOnly>
  );
}

function AuditTable() {
  const t = useT();
  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('admin.audit.columns.when'),
        minWidth: 120,
        flex: 0.6,
        renderCell: ({ value }) => <DateTimeCell value={value} />,
      },
      {
        field: 'actor',
        headerName: t('admin.audit.columns.who'),
        minWidth: 160,
        flex: 0.9,
        valueGetter: (_value, row) => row.actor.name ?? roleLabel(t, row.actor.role),
        renderCell: ({ row }) => (
          <TwoLines
            primary={
              row.actor.name ?? (row.actor.role === 'system' ? t('admin.role.system') : t('admin.audit.deleted'))
            }
            secondary={row.actor.role === 'system' ? null : roleLabel(t, row.actor.role)}
          />
        ),
      },
      {
        field: 'action',
        headerName: t('admin.audit.columns.what'),
        minWidth: 210,
        flex: 0.9,
        renderCell: ({ value }) => (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', py: 1, wordBreak: 'break-all' }}>
            {value}
          </Typography>
        ),
      },
      {
        field: 'entity',
        headerName: t('admin.audit.columns.entity'),
        minWidth: 180,
        flex: 1,
        valueGetter: (_value, row) => `${row.entity.type} ${row.entity.id}`,
        renderCell: ({ row }) => (
          <Typography variant="body2" component="div" sx={{ py: 1, lineHeight: 1.3, overflow: 'hidden' }}>
            {row.entity.type}
            <br />
            <Link
              component={RouterLink}
              to={`?entityType=${encodeURIComponent(row.entity.type)}&entityId=${encodeURIComponent(row.entity.id)}`}
              title={t('admin.audit.onlyThis')}
              sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}
            >
              {row.entity.id}
            </Link>
          </Typography>
        ),
      },
      {
        field: 'details',
        headerName: t('admin.audit.columns.details'),
        minWidth: 260,
        flex: 1.8,
        valueGetter: (_value, row) => JSON.stringify(row.details ?? {}),
        renderCell: ({ row }) => <AuditDetails action={row.action} details={row.details} />,
      },
    ],
    [t],
  );

  return (
    <AdminTable<AuditEntry>
      spec={SPEC}
      title={t('admin.audit.title')}
      intro={t('admin.audit.intro')}
      gridLabel={t('admin.audit.title')}
      columns={columns}
      autoRowHeight
    />
  );
}
