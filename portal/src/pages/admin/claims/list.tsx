import DoneAll from '@mui/icons-material/DoneAll';
import Flag from '@mui/icons-material/Flag';
import History from '@mui/icons-material/History';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { BulkApproveDialog } from '../../../components/admin/bulk-approve-dialog';
import { DateTimeCell, TwoLines, useAdminFormat } from '../../../components/admin/cells';
import type { TableSpec } from '../../../components/admin/table-state';
import { type AdminClaim, CLAIM_STATUSES, CLAIM_TRANSITIONS } from '../../../components/admin/types';
import { RoleOnly } from '../../../components/auth/role-only';
import { ConfirmDialog } from '../../../components/campaigns/confirm-dialog';
import type { ClaimStatus } from '../../../components/campaigns/types';
import { ClaimStatusChip } from '../../../components/claims/claim-status-chip';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';

const SPEC: TableSpec = {
  resource: 'claims',
  sortFields: ['createdAt', 'updatedAt', 'status'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    {
      name: 'status',
      label: 'admin.claims.filter.status',
      kind: 'select',
      options: CLAIM_STATUSES.map((status) => ({ value: status, label: `claims.status.${status}` as const })),
    },
    { name: 'campaignId', label: 'admin.claims.filter.campaignId', kind: 'text', maxLength: 64 },
    { name: 'creatorId', label: 'admin.claims.filter.creatorId', kind: 'text', maxLength: 64 },
  ],
  cursorPages: true,
};

/** Admins: every claim, with forced transitions and bulk approval of pending ones. */
export function AdminClaimsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <ClaimsTable />
    </RoleOnly>
  );
}

function ClaimsTable() {
  const t = useT();
  const format = useAdminFormat();
  const navigate = useNavigate();
  const refresh = useRefreshTable(SPEC);
  const { open: notify } = useNotification();
  const [selected, setSelected] = useState<AdminClaim[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  // The last claim stays while the dialog animates out.
  const [forcing, setForcing] = useState<AdminClaim | null>(null);
  const [isForceOpen, setIsForceOpen] = useState(false);
  const [to, setTo] = useState<ClaimStatus | ''>('');
  const [casing, setCasing] = useState<AdminClaim | null>(null);
  const [isCaseOpen, setIsCaseOpen] = useState(false);

  const columns = useMemo<GridColDef<AdminClaim>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('admin.columns.createdAt'),
        minWidth: 120,
        flex: 0.7,
        renderCell: ({ value }) => <DateTimeCell value={value} />,
      },
      {
        field: 'creator',
        headerName: t('admin.claims.columns.creator'),
        minWidth: 200,
        flex: 1.3,
        valueGetter: (_value, row) => `${row.creator.name} ${row.creator.email}`,
        renderCell: ({ row }) => <TwoLines primary={row.creator.name} secondary={row.creator.email} />,
      },
      {
        field: 'campaign',
        headerName: t('admin.claims.columns.campaign'),
        minWidth: 180,
        flex: 1.2,
        valueGetter: (_value, row) => row.campaign.title,
      },
      {
        field: 'payoutOre',
        headerName: t('admin.claims.columns.payout'),
        type: 'number',
        minWidth: 130,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'status',
        headerName: t('admin.columns.status'),
        minWidth: 150,
        renderCell: ({ row }) => <ClaimStatusChip status={row.status} />,
      },
      {
        field: 'updatedAt',
        headerName: t('admin.claims.columns.updatedAt'),
        minWidth: 120,
        flex: 0.7,
        renderCell: ({ value }) => <DateTimeCell value={value} />,
      },
    ],
    [t, format],
  );

  const actions = useCallback(
    (row: AdminClaim): RowAction[] => [
      ...(CLAIM_TRANSITIONS[row.status].length > 0
        ? [
            {
              key: 'force',
              label: t('admin.claims.force.open', { name: row.creator.name }),
              icon: <SwapHoriz color="primary" />,
              onClick: () => {
                setTo(CLAIM_TRANSITIONS[row.status][0] ?? '');
                setForcing(row);
                setIsForceOpen(true);
              },
            },
          ]
        : []),
      {
        key: 'case',
        label: t('admin.claims.case.open', { name: row.creator.name }),
        icon: <Flag />,
        onClick: () => {
          setCasing(row);
          setIsCaseOpen(true);
        },
      },
      {
        key: 'audit',
        label: t('admin.claims.history', { name: row.creator.name }),
        icon: <History />,
        onClick: () => navigate(`/admin/audit-log?entityType=claim&entityId=${encodeURIComponent(row.id)}`),
      },
    ],
    [t, navigate],
  );

  const selection = useMemo(
    () => ({
      isSelectable: (row: AdminClaim) => row.status === 'pending',
      ids: selected.map((claim) => claim.id),
      onChange: setSelected,
    }),
    [selected],
  );

  const onForce = async (reason: string) => {
    if (!forcing || !to) return;
    await apiFetch(`/api/claims/${encodeURIComponent(forcing.id)}/force`, { method: 'POST', json: { to, reason } });
    notify?.({
      type: 'success',
      message: t('admin.claims.force.done', { name: forcing.creator.name, status: t(`claims.status.${to}`) }),
    });
    void refresh();
  };

  // Admins read a conversation only through a moderation case with a reason (ADR 023).
  const onOpenCase = async (reason: string) => {
    if (!casing) return;
    const claimId = encodeURIComponent(casing.id);
    await apiFetch(`/api/admin/claims/${claimId}/moderation-case`, { method: 'POST', json: { reason } });
    navigate(`/messages/${claimId}`);
  };

  return (
    <>
      <AdminTable<AdminClaim>
        spec={SPEC}
        title={t('admin.claims.title')}
        intro={t('admin.claims.intro')}
        gridLabel={t('admin.claims.title')}
        columns={columns}
        actions={actions}
        selection={selection}
        toolbar={
          <Button
            variant="contained"
            startIcon={<DoneAll />}
            disabled={selected.length === 0}
            onClick={() => setBulkOpen(true)}
          >
            {t('admin.claims.bulk.open', { count: selected.length })}
          </Button>
        }
      />
      <ConfirmDialog
        open={isForceOpen}
        title={t('admin.claims.force.title')}
        body={
          forcing ? (
            <>
              <Typography sx={{ mb: 2 }}>
                {t('admin.claims.force.body', {
                  name: forcing.creator.name,
                  campaign: forcing.campaign.title,
                  status: t(`claims.status.${forcing.status}`),
                })}
              </Typography>
              <TextField
                select
                label={t('admin.claims.force.to')}
                value={to}
                onChange={(event) => setTo(event.target.value as ClaimStatus)}
                fullWidth
              >
                {CLAIM_TRANSITIONS[forcing.status].map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`claims.status.${status}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          ) : null
        }
        confirmLabel={t('admin.claims.force.submit')}
        reason={{ label: t('admin.reason'), help: t('admin.claims.force.reasonHelp'), isRequired: true }}
        onConfirm={onForce}
        onClose={() => setIsForceOpen(false)}
      />
      <ConfirmDialog
        open={isCaseOpen}
        title={t('admin.claims.case.title')}
        body={casing ? t('admin.claims.case.body', { name: casing.creator.name, campaign: casing.campaign.title }) : ''}
        confirmLabel={t('admin.claims.case.submit')}
        reason={{ label: t('admin.reason'), help: t('admin.claims.case.reasonHelp'), isRequired: true }}
        onConfirm={onOpenCase}
        onClose={() => setIsCaseOpen(false)}
      />
      <BulkApproveDialog
        open={bulkOpen}
        claims={selected}
        onClose={(changed) => {
          setBulkOpen(false);
          if (changed) {
            setSelected([]);
            void refresh();
          }
        }}
      />
    </>
  );
}
