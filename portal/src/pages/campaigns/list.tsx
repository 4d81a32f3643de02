import { NUMBERED_PAGES_ROWS } from '@kollab/contract/campaigns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CampaignCard } from '../../components/campaigns/campaign-card';
import { CampaignFilters, type CampaignFilterValues } from '../../components/campaigns/campaign-filters';
import { EmptyState } from '../../components/campaigns/empty-state';
import { Pager } from '../../components/campaigns/pager';
import type { Campaign } from '../../components/campaigns/types';
import { useApiPage } from '../../components/campaigns/use-api-page';
import { useCategories } from '../../components/campaigns/use-categories';
import { VisuallyHidden } from '../../components/campaigns/visually-hidden';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { formatCount } from '../../lib/format-count';
import { pageCursors } from '../../lib/page-cursors';

const PAGE_SIZE = 12;
/** The pages the API serves by number (ADR 036); further ones it serves after the previous page's cursor. */
const NUMBERED_PAGES = Math.ceil(NUMBERED_PAGES_ROWS / PAGE_SIZE);

/** The campaign dashboard: search and filters kept in the URL, cards with overlays, paging. */
export function CampaignsPage() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters: CampaignFilterValues = {
    q: params.get('q') ?? '',
    category: params.get('category') ?? '',
    platform: params.get('platform') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const categories = useCategories();

  const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  // The page after one already shown is asked for with its cursor (ADR 036).
  const cursors = pageCursors(`/api/campaigns?${query}`);
  query.set('page', String(page));
  const cursor = cursors.get(page - 1);
  if (cursor) query.set('cursor', cursor);
  // Past the numbered pages a page is asked for only with the cursor of the page before it, which
  // this tab has when it paged there (not after a reload of such a page's address).
  const reachable = page <= NUMBERED_PAGES || cursor !== undefined;
  const { rows, total, totalIsEstimate, nextCursor, isLoading, isFetching, error } = useApiPage<Campaign>(
    `/api/campaigns?${query}`,
    { enabled: reachable },
  );
  useEffect(() => {
    if (nextCursor) cursors.set(page, nextCursor);
  }, [cursors, page, nextCursor]);

  const update = useCallback(
    (next: Partial<CampaignFilterValues> & { page?: number }) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === '' || value === undefined || (key === 'page' && value === 1)) merged.delete(key);
            else merged.set(key, String(value));
          }
          if (next.page === undefined) merged.delete('page');
          return merged;
        },
        { replace: next.page === undefined },
      );
    },
    [setParams],
  );
  const isFiltered = !!(filters.q || filters.category || filters.platform);
  const clear = () => setParams(new URLSearchParams(), { replace: true });

  return (
    <>
      <PageHeader title={t('campaigns.list.title')} intro={t('campaigns.list.intro')} />
      <CampaignFilters values={filters} categories={categories.data ?? []} onChange={update} />
      <Box sx={{ height: 4, mb: 1 }}>{isFetching && !isLoading ? <LinearProgress aria-hidden /> : null}</Box>
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {reachable ? null : (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => update({ page: 1 })}>
              {t('campaigns.pager.toFirst')}
            </Button>
          }
        >
          {t('campaigns.pager.outOfReach', { pages: NUMBERED_PAGES })}
        </Alert>
      )}
      <VisuallyHidden role="status">
        {rows
          ? t(totalIsEstimate ? 'campaigns.list.countEstimate' : 'campaigns.list.count', {
              count: formatCount(total, locale),
            })
          : ''}
      </VisuallyHidden>
      {rows && rows.length === 0 && isFiltered ? (
        <EmptyState
          title={t('campaigns.notFound.title')}
          body={filters.q ? t('campaigns.notFound.body', { q: filters.q }) : t('campaigns.notFound.filtersBody')}
          action={
            <Button variant="outlined" onClick={clear}>
              {t('campaigns.filters.clear')}
            </Button>
          }
        />
      ) : null}
      {rows && rows.length === 0 && !isFiltered ? (
        <EmptyState title={t('campaigns.empty.title')} body={t('campaigns.empty.body')} />
      ) : null}
      {rows && rows.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('campaigns.list.title')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {rows.map((campaign, index) => (
            <li key={campaign.id}>
              <CampaignCard campaign={campaign} to={`/campaigns/${campaign.id}`} priority={index === 0} />
            </li>
          ))}
        </Box>
      ) : null}
      <Pager
        page={page}
        total={total}
        pageSize={PAGE_SIZE}
        numberedPages={NUMBERED_PAGES}
        totalIsEstimate={totalIsEstimate}
        hasNext={nextCursor !== null}
        onChange={(next) => update({ page: next })}
      />
    </>
  );
}
