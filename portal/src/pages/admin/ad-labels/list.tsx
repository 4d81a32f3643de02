import { AD_LABEL_MESSAGES, type AdLabelProblem, describeAdLabelProblem } from '@kollab/contract/ad-label';
import type { AdLabelFlagSchema } from '@kollab/contract/api/results';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { AdminList } from '../../../components/admin/admin-list';
import { dateTimeColumn } from '../../../components/admin/columns';
import { RoleOnly } from '../../../components/auth/role-only';
import { ExternalLink } from '../../../components/campaigns/external-link';
import type { ClaimStatus } from '../../../components/campaigns/types';
import { ClaimStatusChip } from '../../../components/claims/claim-status-chip';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';

type AdLabelFlag = z.infer<typeof AdLabelFlagSchema>;

const isKnownProblem = (problem: { code: string; value?: string | undefined }): problem is AdLabelProblem =>
  Object.hasOwn(AD_LABEL_MESSAGES, problem.code);

/** Admins: posts whose caption failed the ad-label check (`GET /api/admin/ad-label-flags`), each linking to its claim. */
export function AdminAdLabelsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <AdLabelFlags />
    </RoleOnly>
  );
}

function AdLabelFlags() {
  const t = useT();
  const locale = useLocale();
  const columns = useMemo<GridColDef<AdLabelFlag>[]>(
    () => [
      {
        field: 'campaignTitle',
        headerName: t('results.admin.adLabels.columns.campaign'),
        minWidth: 180,
        flex: 1,
      },
      {
        field: 'creatorName',
        headerName: t('results.admin.adLabels.columns.creator'),
        minWidth: 150,
        flex: 0.8,
      },
      {
        field: 'url',
        headerName: t('results.admin.adLabels.columns.link'),
        minWidth: 160,
        flex: 0.6,
        sortable: false,
        renderCell: ({ row }) => (
          <ExternalLink href={row.url} aria-label={t('results.admin.adLabels.openPost', { name: row.creatorName })}>
            {t('results.post.open')}
          </ExternalLink>
        ),
      },
      {
        field: 'problems',
        headerName: t('results.admin.adLabels.columns.problems'),
        minWidth: 280,
        flex: 2,
        sortable: false,
        valueGetter: (_value, row) =>
          row.problems
            .filter(isKnownProblem)
            .map((problem) => describeAdLabelProblem(problem, locale).reason)
            .join(' '),
        renderCell: ({ value }) => <span style={{ whiteSpace: 'normal', lineHeight: 1.4 }}>{value}</span>,
      },
      dateTimeColumn<AdLabelFlag>('checkedAt', t('results.admin.adLabels.columns.checkedAt')),
      {
        field: 'claimStatus',
        headerName: t('results.admin.adLabels.columns.claimStatus'),
        minWidth: 280,
        flex: 1,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ height: '100%' }}>
            <ClaimStatusChip status={row.claimStatus as ClaimStatus} />
            <Link
              component={RouterLink}
              to={`/claims/${encodeURIComponent(row.claimId)}`}
              aria-label={t('results.admin.adLabels.openClaim', { name: row.creatorName })}
            >
              {t('results.admin.adLabels.showClaim')}
            </Link>
          </Stack>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <AdminList<AdLabelFlag>
      url="/api/admin/ad-label-flags"
      title={t('results.admin.adLabels.title')}
      intro={t('results.admin.adLabels.intro')}
      columns={columns}
      getRowId={(row) => row.trackedPostId}
      empty={t('results.admin.adLabels.empty')}
      autoRowHeight
    />
  );
}
