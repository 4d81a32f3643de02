import { CAMPAIGN_STATUSES } from '@kollab/contract/campaigns';
import Cancel from '@mui/icons-material/Cancel';
import FactCheck from '@mui/icons-material/FactCheck';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Publish from '@mui/icons-material/Publish';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { type ReactElement, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { DateTimeCell, TwoLines, useAdminFormat } from '../../../components/admin/cells';
import type { TableSpec } from '../../../components/admin/table-state';
import type { AdminCampaign, CampaignStatus } from '../../../components/admin/types';
import { useRowDialog } from '../../../components/admin/use-row-dialog';
import { RoleOnly } from '../../../components/auth/role-only';
import { CampaignStateChip } from '../../../components/campaigns/campaign-state-chip';
import { ConfirmDialog } from '../../../components/campaigns/confirm-dialog';
import { useT } from '../../../hooks/use-t';
import { apiFetch } from '../../../lib/api-fetch';

const SPEC: TableSpec = {
  resource: 'campaigns',
  sortFields: ['createdAt', 'startsAt', 'endsAt', 'title', 'budgetOre'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: [
    { name: 'q', label: 'admin.campaigns.filter.search', kind: 'search', maxLength: 100 },
    {
      name: 'status',
      label: 'admin.campaigns.filter.status',
      kind: 'select',
      options: CAMPAIGN_STATUSES.map((status) => ({
        value: status,
        label: `admin.campaigns.status.${status}` as const,
      })),
    },
    { name: 'brandId', label: 'admin.campaigns.filter.brandId', kind: 'text', maxLength: 64 },
  ],
  cursorPages: true,
};

type CampaignAction = 'publish' | 'pause' | 'resume' | 'cancel';

/** Which status changes a campaign in each status can make (publishing.service.ts). */
const ACTIONS: Record<CampaignStatus, CampaignAction[]> = {
  draft: ['publish', 'cancel'],
  published: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  cancelled: [],
};
const ICONS: Record<CampaignAction, ReactElement> = {
  publish: <Publish color="primary" />,
  pause: <Pause />,
  resume: <PlayArrow color="primary" />,
  cancel: <Cancel color="error" />,
};

/** Admins: every campaign, with publish, pause, resume and cancel. */
export function AdminCampaignsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <CampaignsTable />
    </RoleOnly>
  );
}

function CampaignsTable() {
  const t = useT();
  const format = useAdminFormat();
  const navigate = useNavigate();
  const refresh = useRefreshTable(SPEC);
  const { open: notify } = useNotification();
  const dialog = useRowDialog<{ campaign: AdminCampaign; action: CampaignAction }>();

  const columns = useMemo<GridColDef<AdminCampaign>[]>(
    () => [
      {
        field: 'title',
        headerName: t('admin.campaigns.columns.title'),
        minWidth: 200,
        flex: 1.2,
        renderCell: ({ row }) => <TwoLines primary={row.title} secondary={row.brand.companyName ?? row.brand.name} />,
      },
      {
        field: 'state',
        headerName: t('admin.columns.status'),
        minWidth: 150,
        renderCell: ({ row }) => <CampaignStateChip state={row.state} />,
      },
      {
        field: 'budgetOre',
        headerName: t('admin.campaigns.columns.budget'),
        type: 'number',
        minWidth: 130,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'payoutOre',
        headerName: t('admin.claims.columns.payout'),
        type: 'number',
        minWidth: 130,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'slots',
        headerName: t('admin.campaigns.columns.slots'),
        minWidth: 90,
        valueGetter: (_value, row) => t('admin.campaigns.slots', { taken: row.slotsTaken, slots: row.slots }),
      },
      {
        field: 'startsAt',
        headerName: t('admin.campaigns.columns.startsAt'),
        minWidth: 125,
        valueFormatter: (value: string) => format.date(value),
      },
      {
        field: 'endsAt',
        headerName: t('admin.campaigns.columns.endsAt'),
        minWidth: 125,
        valueFormatter: (value: string) => format.date(value),
      },
      {
        field: 'createdAt',
        headerName: t('admin.columns.createdAt'),
        minWidth: 120,
        renderCell: ({ value }) => <DateTimeCell value={value} />,
      },
    ],
    [t, format],
  );

  const { show } = dialog;
  const actions = useCallback(
    (campaign: AdminCampaign): RowAction[] => [
      ...ACTIONS[campaign.status].map((action) => ({
        key: action,
        label: t(`admin.campaigns.${action}.open`, { title: campaign.title }),
        icon: ICONS[action],
        onClick: () => show({ campaign, action }),
      })),
      {
        key: 'claims',
        label: t('admin.campaigns.claims', { title: campaign.title }),
        icon: <FactCheck />,
        onClick: () => navigate(`/admin/claims?campaignId=${encodeURIComponent(campaign.id)}`),
      },
    ],
    [t, navigate, show],
  );

  const current = dialog.target;
  const onConfirm = async () => {
    if (!current) return;
    const { campaign, action } = current;
    await apiFetch(`/api/campaigns/${encodeURIComponent(campaign.id)}/${action}`, { method: 'POST' });
    notify?.({ type: 'success', message: t(`admin.campaigns.${action}.done`, { title: campaign.title }) });
    void refresh();
  };

  return (
    <>
      <AdminTable<AdminCampaign>
        spec={SPEC}
        title={t('admin.campaigns.title')}
        intro={t('admin.campaigns.intro')}
        gridLabel={t('admin.campaigns.title')}
        columns={columns}
        actions={actions}
      />
      {current ? (
        <ConfirmDialog
          open={dialog.isOpen}
          title={t(`admin.campaigns.${current.action}.title`)}
          body={t(`admin.campaigns.${current.action}.body`, { title: current.campaign.title })}
          confirmLabel={t(`admin.campaigns.${current.action}.submit`)}
          isDestructive={current.action === 'cancel'}
          onConfirm={onConfirm}
          onClose={dialog.close}
        />
      ) : null}
    </>
  );
}
