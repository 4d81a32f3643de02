import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { Suspense } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { formatCount } from '../../lib/format-count';
import { lazyNamed } from '../../lib/lazy-named';
import { PageHeader } from '../layout/page-header';
import { LoadError } from '../money/load-error';
import type { ListGrid as ListGridType } from './list-grid';

const ListGrid = lazyNamed(() => import('./list-grid'), 'ListGrid') as unknown as typeof ListGridType;

/**
 * An admin page of a list the API sends whole (`GET` → `{ data: Row[] }`): heading, count, load
 * error and a grid that pages and sorts in the browser. For paged, filtered lists see AdminTable.
 */
export function AdminList<Row extends GridValidRowModel>(props: {
  url: string;
  title: string;
  intro: string;
  columns: GridColDef<Row>[];
  getRowId: (row: Row) => string;
  empty: string;
  autoRowHeight?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const { data, isLoading, error, refetch } = useApiQuery<Row[]>(props.url);
  return (
    <Box sx={{ width: { lg: WIDE }, ml: { lg: `calc(50% - ${WIDE} / 2)` } }}>
      <PageHeader title={props.title} intro={props.intro} />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 2 }}>
        {data ? t('admin.table.total', { count: formatCount(data.length, locale) }) : null}
      </Typography>
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {error && !data ? null : (
        <Suspense
          fallback={<Skeleton variant="rounded" height={300} role="progressbar" aria-label={t('app.loading')} />}
        >
          <ListGrid<Row>
            label={props.title}
            rows={data ?? []}
            columns={props.columns}
            getRowId={props.getRowId}
            loading={isLoading}
            empty={{ title: props.empty, body: t('admin.table.emptyBody') }}
            autoRowHeight={props.autoRowHeight}
          />
        </Suspense>
      )}
    </Box>
  );
}

const WIDE = 'min(1320px, 100vw - 64px)';
