import type { CampaignResultsView } from '@kollab/contract/api/results';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/campaigns/empty-state';
import { Section } from '../../../components/campaigns/section';
import { PageLoader } from '../../../components/layout/page-loader';
import { LoadError } from '../../../components/money/load-error';
import { FigureList } from '../../../components/results/figure-list';
import { LazyViewsChart } from '../../../components/results/lazy-views-chart';
import { PostsTable } from '../../../components/results/posts-table';
import { ReadingsTable } from '../../../components/results/readings-table';
import { milestoneText, useResultsFormat } from '../../../components/results/use-results-format';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useT } from '../../../hooks/use-t';

/** The brand's tracking budget this month and when the next read is due. */
function Usage({ results }: { results: CampaignResultsView }) {
  const t = useT();
  const format = useResultsFormat();
  const { usage } = results;
  const next = results.posts
    .flatMap((post) => (post.nextRead ? [post.nextRead] : []))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  return (
    <Stack spacing={1}>
      <Typography>
        {next
          ? t('results.nextRead', { milestone: milestoneText(t, next.milestone), time: format.dateTime(next.at) })
          : t('results.nextRead.none')}
      </Typography>
      <Typography>
        {t('results.usage.credits', { used: format.number(usage.credits), cap: format.number(usage.creditCap) })}
      </Typography>
      <Typography>
        {t('results.usage.raw', { used: format.number(usage.rawRequests), cap: format.number(usage.rawCap) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('results.usage.note')}
      </Typography>
    </Stack>
  );
}

function Results({ results }: { results: CampaignResultsView }) {
  const t = useT();
  const withReadings = results.posts.filter((post) => post.readings.length > 0);
  if (results.posts.length === 0 || withReadings.length === 0) {
    return (
      <Stack spacing={3}>
        <EmptyState title={t('results.empty.title')} body={t('results.empty.body')} />
        {results.posts.length > 0 ? (
          <Section title={t('results.posts.title')}>
            <PostsTable posts={results.posts} />
          </Section>
        ) : null}
        <Section title={t('results.usage.title')}>
          <Usage results={results} />
        </Section>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Section title={t('results.totals.title')}>
        <FigureList figures={results.totals} />
      </Section>
      <Section title={t('results.chart.title')}>
        <LazyViewsChart posts={withReadings} label={t('results.chart.label')} />
      </Section>
      <Section title={t('results.posts.title')}>
        <PostsTable posts={results.posts} />
      </Section>
      <Section title={t('results.readings.title')}>
        <ReadingsTable posts={withReadings} showCreator />
      </Section>
      <Section title={t('results.usage.title')}>
        <Usage results={results} />
      </Section>
    </Stack>
  );
}

/**
 * A campaign's results for its brand (and admins), the campaign desk's "results" tab: totals,
 * views over time, each post, the tracking budget, and the CSV and PDF exports.
 */
export function CampaignResults({ campaignId }: { campaignId: string }) {
  const t = useT();
  const path = `/api/campaigns/${encodeURIComponent(campaignId)}/results`;
  const { data, isLoading, error, refetch } = useApiQuery<CampaignResultsView>(path);
  const exportLink = (format: 'csv' | 'pdf') => (
    <Button
      component="a"
      href={`${path}.${format}`}
      download
      variant="outlined"
      startIcon={<Download />}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t(format === 'csv' ? 'results.export.csv' : 'results.export.pdf')}
    </Button>
  );
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 240px' }}>
          {t('results.intro')}
        </Typography>
        {data ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {exportLink('csv')}
            {exportLink('pdf')}
          </Stack>
        ) : null}
      </Box>
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data ? <Results results={data} /> : null}
    </Stack>
  );
}
