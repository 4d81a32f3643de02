import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCustom } from '@refinedev/core';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/campaigns/empty-state';
import { Pager } from '../../components/campaigns/pager';
import { PLATFORMS, type Platform, SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE } from '../../components/discovery/enums';
import { FilterPanel } from '../../components/discovery/filter-panel';
import { InviteDialog } from '../../components/discovery/invite-dialog';
import { ResultsTable } from '../../components/discovery/results-table';
import { searchBody } from '../../components/discovery/search-body';
import { emptySearch, type SearchState } from '../../components/discovery/search-state';
import { hasSearch, parseSearch, searchToParams, switchPlatform } from '../../components/discovery/search-url';
import type { InviteTarget, Quote, SearchHit, SearchResult } from '../../components/discovery/types';
import {
  discoveryErrorText,
  useDiscoveryFormat,
  useDiscoveryQuery,
  useDiscoveryStatus,
} from '../../components/discovery/use-discovery';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';
import type { ApiError } from '../../lib/api-fetch';

const QUOTE_DEBOUNCE_MS = 400;

/** A search's identity apart from its page: what decides whether the draft differs from the results. */
function filtersKey(state: SearchState): string {
  return searchToParams({ ...state, page: 1 }).toString();
}

/** What running the draft would cost, asked of the API (free) after typing pauses. */
function useQuote(draft: SearchState) {
  const [body, setBody] = useState(() => searchBody(draft));
  const platform = draft.platform;
  const key = JSON.stringify(searchBody(draft));
  useEffect(() => {
    const timer = setTimeout(() => setBody(JSON.parse(key)), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { query } = useCustom<Quote | { data: Quote }, ApiError>({
    url: `/api/discovery/${platform}/search/quote`,
    method: 'post',
    config: { payload: body },
    queryOptions: { retry: false, staleTime: 30_000 },
    errorNotification: false,
  });
  const answer = query.data?.data;
  const quote = answer && 'data' in answer ? answer.data : answer;
  return { quote, isLoading: query.isFetching || JSON.stringify(body) !== key, error: query.error };
}

function QuoteText({ draft }: { draft: SearchState }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const { quote, isLoading, error } = useQuote(draft);
  const text = isLoading
    ? t('discovery.search.quoting')
    : error || !quote
      ? t('discovery.search.quoteUnknown')
      : quote.cached || quote.credits === 0
        ? t('discovery.search.cachedFree')
        : t('discovery.search.costsUpTo', { credits: format.credits(quote.credits) });
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

/** Direct matches first, then the rest, each profile once. */
function hitsOf(result: SearchResult | undefined): SearchHit[] {
  if (!result) return [];
  const seen = new Set<string>();
  return [...(result.directs ?? []), ...(result.lookalikes ?? [])].filter((hit) => {
    if (seen.has(hit.userId)) return false;
    seen.add(hit.userId);
    return true;
  });
}

function Results({
  submitted,
  onPage,
  onInvite,
}: {
  submitted: SearchState;
  onPage: (page: number) => void;
  onInvite: (target: InviteTarget) => void;
}) {
  const t = useT();
  const format = useDiscoveryFormat();
  const status = useDiscoveryStatus();
  const search = useDiscoveryQuery<SearchResult>(`/api/discovery/${submitted.platform}/search`, {
    body: searchBody(submitted),
    keepPrevious: true,
  });
  const { meta } = search;
  const { refresh } = status;
  useEffect(() => {
    if (meta && !meta.cached) refresh();
  }, [meta, refresh]);
  const hits = hitsOf(search.data);
  const total = search.data?.total ?? 0;
  const isPaging = search.isFetching && !search.isLoading;
  const caption = t('discovery.results.caption', { platform: t(`discovery.platform.${submitted.platform}`) });

  if (search.error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void search.refetch()}>
            {t('discovery.retry')}
          </Button>
        }
      >
        {discoveryErrorText(t, search.error)}
      </Alert>
    );
  }
  if (!search.isLoading && hits.length === 0) {
    return <EmptyState title={t('discovery.results.emptyTitle')} body={t('discovery.results.emptyBody')} />;
  }
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: 1.5 }}>
        <Typography role="status" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {search.isLoading
            ? t('discovery.results.searching')
            : t('discovery.results.total', { count: format.number(total) })}
        </Typography>
        {meta ? (
          <Typography variant="body2" color="text.secondary">
            {meta.cached
              ? t('discovery.results.fromCache', { date: format.dateTime(meta.fetchedAt) })
              : t('discovery.results.spent', { credits: format.credits(meta.credits) })}
          </Typography>
        ) : null}
      </Box>
      {search.data?.isExactMatch === false ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('discovery.results.notExact')}
        </Alert>
      ) : null}
      <ResultsTable
        platform={submitted.platform}
        hits={hits}
        isLoading={search.isLoading || isPaging}
        caption={caption}
        onInvite={onInvite}
      />
      <Pager
        page={submitted.page}
        total={Math.min(total, (SEARCH_MAX_PAGE + 1) * SEARCH_PAGE_SIZE)}
        pageSize={SEARCH_PAGE_SIZE}
        onChange={onPage}
      />
    </>
  );
}

/**
 * Influencer search: platform tabs, every provider filter, the cost before running, and a page of
 * results. The search that ran lives in the URL; the filters being edited are a draft until
 * "Search", so no credit is spent by typing.
 */
export function DiscoverySearchPage() {
  const t = useT();
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const submitted = useMemo(() => {
    const query = new URLSearchParams(paramsKey);
    return hasSearch(query) ? parseSearch(query) : null;
  }, [paramsKey]);
  const [draft, setDraft] = useState<SearchState>(() => parseSearch(new URLSearchParams(paramsKey)));
  // Back/forward and shared links replace the draft with the search in the URL.
  useEffect(() => {
    setDraft(parseSearch(new URLSearchParams(paramsKey)));
  }, [paramsKey]);
  const [inviting, setInviting] = useState<InviteTarget | null>(null);

  const run = (state: SearchState) => setParams(searchToParams(state));
  const isDirty = !!submitted && filtersKey(draft) !== filtersKey(submitted);
  const isOtherPlatform = !!submitted && submitted.platform !== draft.platform;
  const tabId = (platform: Platform) => `${baseId}-tab-${platform}`;

  return (
    <>
      <PageHeader title={t('discovery.search.title')} intro={t('discovery.search.intro')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={draft.platform}
          onChange={(_, platform: Platform) => setDraft(switchPlatform(draft, platform))}
          aria-label={t('discovery.search.platforms')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {PLATFORMS.map((platform) => (
            <Tab
              key={platform}
              value={platform}
              id={tabId(platform)}
              aria-controls={`${baseId}-panel`}
              label={t(`discovery.platform.${platform}`)}
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={tabId(draft.platform)}>
        <Card
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            run({ ...draft, page: 1 });
          }}
          sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
        >
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('discovery.filters.title')}
          </Typography>
          <FilterPanel state={draft} onChange={setDraft} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 3 }}>
            <Button type="submit" variant="contained" startIcon={<Search />}>
              {t('discovery.search.run')}
            </Button>
            <QuoteText draft={draft} />
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={() => setDraft(emptySearch(draft.platform))}>{t('discovery.filters.clear')}</Button>
          </Box>
          {isDirty && !isOtherPlatform ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('discovery.search.changed')}
            </Alert>
          ) : null}
        </Card>
      </div>
      <Box component="section" aria-labelledby={`${baseId}-results`}>
        <Typography id={`${baseId}-results`} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('discovery.results.title')}
        </Typography>
        {!submitted ? (
          <EmptyState title={t('discovery.search.startTitle')} body={t('discovery.search.startBody')} />
        ) : isOtherPlatform ? (
          <EmptyState
            title={t('discovery.search.otherPlatformTitle', { platform: t(`discovery.platform.${draft.platform}`) })}
            body={t('discovery.search.otherPlatformBody')}
          />
        ) : (
          <Results
            submitted={submitted}
            onPage={(page) => {
              run({ ...submitted, page });
              document.getElementById(`${baseId}-results`)?.scrollIntoView({ block: 'start' });
            }}
            onInvite={setInviting}
          />
        )}
      </Box>
      <InviteDialog target={inviting} onClose={() => setInviting(null)} />
    </>
  );
}
