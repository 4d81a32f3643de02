import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, Suspense } from 'react';
import { useT } from '../../hooks/use-t';
import { lazyNamed } from '../../lib/lazy-named';

// The chart library is large: its own chunk, loaded by the pages that draw a chart.
const ViewsChart = lazyNamed(() => import('./views-chart'), 'ViewsChart');

/** The views chart behind a skeleton while its chunk loads. */
export function LazyViewsChart(props: ComponentProps<typeof ViewsChart>) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <Skeleton variant="rounded" height={props.height ?? 300} role="progressbar" aria-label={t('app.loading')} />
      }
    >
      <ViewsChart {...props} />
    </Suspense>
  );
}
