import Block from '@mui/icons-material/Block';
import LockOpen from '@mui/icons-material/LockOpen';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { DateTimeCell, TwoLines } from '../../../components/admin/cells';
import { roleLabel } from '../../../components/admin/role-label';
import { SUSPENDED_FILTER, type TableSpec } from '../../../components/admin/table-state';
import { type AdminUser, ROLES } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { ConfirmDialog, type ReasonField } from '../../../components/campaigns/confirm-dialog';
import { ToneChip } from '../../../components/campaigns/tone-chip';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';
import type { Role } from '../../../lib/auth-client';
import { useSession } from '../../../providers/session';

export const USERS_SPEC: TableSpec = {
  resource: 'users',
  sortFields: ['createdAt', 'email', 'fullName'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    { name: 'q', label: 'admin.filter.search', kind: 'search', maxLength: 100 },
    {
      name: 'role',
      label: 'admin.users.filter.role',
      kind: 'select',
      options: ROLES.map((role) => ({ value: role, label: `admin.role.${role}` as const })),
    },
    SUSPENDED_FILTER,
  ],
  cursorPages: true,
};

type UserAction = 'role' | 'suspend' | 'unsuspend' | 'resend';

/** Admins: every account, with role changes, suspension and new verification mails. */
export function AdminUsersPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <UsersTable />
    </RoleOnly>
  );
}

/** The "Avstängd" chip, or nothing. */
export function SuspendedChip({ suspendedAt }: { suspendedAt: string | null }) {
  const t = useT();
  return suspendedAt ? <ToneChip tone="error" label={t('admin.users.suspended')} /> : null;
}

function UsersTable() {
  const t = useT();
  const refresh = useRefreshTable(USERS_SPEC);
  const { data: session } = useSession();
  const { open: notify } = useNotification();
  // The last target stays while the dialog animates out.
  const [target, setTarget] = useState<{ user: AdminUser; action: UserAction } | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [role, setRole] = useState<Role>('creator');

  const columns = useMemo<GridColDef<AdminUser>[]>(
    () => [
      {
        field: 'fullName',
        headerName: t('admin.columns.name'),
        minWidth: 180,
        flex: 1.2,
        renderCell: ({ row }) => <TwoLines primary={row.fullName} />,
      },
      { field: 'email', headerName: t('admin.columns.email'), minWidth: 200, flex: 1.3 },
      {
        field: 'role',
        headerName: t('admin.users.columns.role'),
        minWidth: 120,
        valueFormatter: (value: Role) => roleLabel(t, value),
      },
      {
        field: 'emailVerified',
        headerName: t('admin.users.columns.verified'),
        minWidth: 110,
        valueFormatter: (value: boolean) => t(value ? 'admin.yes' : 'admin.no'),
      },
      {
        field: 'suspendedAt',
        headerName: t('admin.users.columns.suspended'),
        minWidth: 120,
        renderCell: ({ row }) => <SuspendedChip suspendedAt={row.suspendedAt} />,
      },
      { field: 'locale', headerName: t('admin.columns.locale'), minWidth: 90 },
      {
        field: 'createdAt',
        headerName: t('admin.columns.createdAt'),
        minWidth: 120,
        flex: 0.7,
        renderCell: ({ value }) => <DateTimeCell value={value} />,
      },
    ],
    [t],
  );

  const actions = useCallback(
    (user: AdminUser): RowAction[] => {
      const open = (action: UserAction) => () => {
        setRole(user.role);
        setTarget({ user, action });
        setIsOpen(true);
      };
      const list: RowAction[] = [];
      // Admins cannot change or suspend their own account (the API refuses it too).
      if (user.id !== session?.user.id) {
        list.push({
          key: 'role',
          label: t('admin.users.role.open', { name: user.fullName }),
          icon: <ManageAccounts color="primary" />,
          onClick: open('role'),
        });
        list.push(
          user.suspendedAt
            ? {
                key: 'unsuspend',
                label: t('admin.users.unsuspend.open', { name: user.fullName }),
                icon: <LockOpen color="primary" />,
                onClick: open('unsuspend'),
              }
            : {
                key: 'suspend',
                label: t('admin.users.suspend.open', { name: user.fullName }),
                icon: <Block color="error" />,
                onClick: open('suspend'),
              },
        );
      }
      if (!user.emailVerified) {
        list.push({
          key: 'resend',
          label: t('admin.users.resend.open', { name: user.fullName }),
          icon: <MarkEmailRead />,
          onClick: open('resend'),
        });
      }
      return list;
    },
    [t, session?.user.id],
  );

  const user = target?.user;
  const action = target?.action;
  const path = user ? `/api/admin/users/${encodeURIComponent(user.id)}` : '';
  const onConfirm = async (reason: string) => {
    if (!user || !action) return;
    const withReason = reason ? { reason } : {};
    if (action === 'role') await apiFetch(`${path}/role`, { method: 'POST', json: { role, ...withReason } });
    else if (action === 'suspend') await apiFetch(`${path}/suspend`, { method: 'POST', json: { reason } });
    else if (action === 'unsuspend') await apiFetch(`${path}/unsuspend`, { method: 'POST', json: withReason });
    else await apiFetch(`${path}/resend-verification`, { method: 'POST', json: {} });
    const message = {
      role: t('admin.users.role.done', { name: user.fullName, role: roleLabel(t, role) }),
      suspend: t('admin.users.suspend.done', { name: user.fullName }),
      unsuspend: t('admin.users.unsuspend.done', { name: user.fullName }),
      resend: t('admin.users.resend.done', { email: user.email }),
    }[action];
    notify?.({ type: 'success', message });
    void refresh();
  };

  const dialog: Record<UserAction, { title: string; body: ReactNode; confirm: string; reason?: ReasonField }> = {
    role: {
      title: t('admin.users.role.title'),
      body: user ? (
        <>
          <Typography sx={{ mb: 2 }}>
            {t('admin.users.role.body', { name: user.fullName, email: user.email, role: roleLabel(t, user.role) })}
          </Typography>
          <TextField
            select
            label={t('admin.users.role.newRole')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            fullWidth
          >
            {ROLES.map((option) => (
              <MenuItem key={option} value={option}>
                {roleLabel(t, option)}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null,
      confirm: t('admin.users.role.submit'),
      reason: { label: t('admin.reasonOptional'), help: t('admin.users.role.reasonHelp') },
    },
    suspend: {
      title: t('admin.users.suspend.title'),
      body: user ? t('admin.users.suspend.body', { name: user.fullName, email: user.email }) : null,
      confirm: t('admin.users.suspend.submit'),
      reason: { label: t('admin.reason'), help: t('admin.users.suspend.reasonHelp'), isRequired: true },
    },
    unsuspend: {
      title: t('admin.users.unsuspend.title'),
      body: user ? t('admin.users.unsuspend.body', { name: user.fullName, email: user.email }) : null,
      confirm: t('admin.users.unsuspend.submit'),
      reason: { label: t('admin.reasonOptional') },
    },
    resend: {
      title: t('admin.users.resend.title'),
      body: user ? t('admin.users.resend.body', { email: user.email }) : null,
      confirm: t('admin.users.resend.submit'),
    },
  };
  const current = dialog[action ?? 'role'];

  return (
    <>
      <AdminTable<AdminUser>
        spec={USERS_SPEC}
        title={t('admin.users.title')}
        intro={t('admin.users.intro')}
        gridLabel={t('admin.users.title')}
        columns={columns}
        actions={actions}
      />
      <ConfirmDialog
        open={isOpen}
        title={current.title}
        body={current.body}
        confirmLabel={current.confirm}
        isDestructive={action === 'suspend'}
        {...(current.reason ? { reason: current.reason } : {})}
        onConfirm={onConfirm}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
}
