import type { ResultsOverviewRowSchema } from '@kollab/contract/api/results';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { AdminList } from '../../../components/admin/admin-list';
import { RoleOnly } from '../../../components/auth/role-only';
import { useResultsFormat } from '../../../components/results/use-results-format';
import { useT } from '../../../hooks/use-t';

type ResultsRow = z.infer<typeof ResultsOverviewRowSchema>;

/** Admins: results across campaigns with tracked posts (`GET /api/admin/results`), each linking to its results page. */
export function AdminResultsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <ResultsOverview />
    </RoleOnly>
  );
}

function ResultsOverview() {
  const t = useT();
  const format = useResultsFormat();
  const columns = useMemo<GridColDef<ResultsRow>[]>(() => {
    const figure = (
      field: string,
      headerName: string,
      pick: (row: ResultsRow) => number | null,
      show: (value: number | null) => string,
    ): GridColDef<ResultsRow> => ({
      field,
      headerName,
      type: 'number',
      minWidth: 110,
      flex: 0.5,
      valueGetter: (_value, row) => pick(row),
      valueFormatter: (value: number | null) => show(value),
    });
    return [
      {
        field: 'title',
        headerName: t('results.admin.results.columns.campaign'),
        minWidth: 200,
        flex: 1.2,
        renderCell: ({ row }) => (
          <Link
            component={RouterLink}
            to={`/brand/campaigns/${encodeURIComponent(row.campaignId)}/results`}
            aria-label={t('results.admin.results.open', { title: row.title })}
          >
            {row.title}
          </Link>
        ),
      },
      { field: 'brand', headerName: t('results.admin.results.columns.brand'), minWidth: 160, flex: 1 },
      figure(
        'posts',
        t('results.admin.results.columns.posts'),
        (row) => row.posts,
        (value) => format.number(value ?? 0),
      ),
      figure(
        'flagged',
        t('results.admin.results.columns.flagged'),
        (row) => row.flagged,
        (value) => format.number(value ?? 0),
      ),
      figure(
        'views',
        t('results.figures.views'),
        (row) => row.totals.views,
        (value) => format.number(value ?? 0),
      ),
      figure('engagementRate', t('results.figures.engagementRate'), (row) => row.totals.engagementRate, format.rate),
      figure('cpv', t('results.figures.cpvShort'), (row) => row.totals.costPerViewOre, format.sekFine),
      figure('cpm', t('results.figures.cpmShort'), (row) => row.totals.cpmOre, format.sek),
    ];
  }, [t, format]);
  return (
    <AdminList<ResultsRow>
      url="/api/admin/results"
      title={t('results.admin.results.title')}
      intro={t('results.admin.results.intro')}
      columns={columns}
      getRowId={(row) => row.campaignId}
      empty={t('results.admin.results.empty')}
    />
  );
}
