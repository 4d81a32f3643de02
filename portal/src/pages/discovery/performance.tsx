import Insights from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/campaigns/empty-state';
import { Section } from '../../components/campaigns/section';
import { isPlatform, PLATFORMS, type Platform } from '../../components/discovery/enums';
import { ToolError, ToolLoading, ToolPage, useUrlQuery } from '../../components/discovery/tool-page';
import type {
  PerformanceBlock,
  PerformanceMetric,
  PerformanceResult,
  PerformanceStats,
} from '../../components/discovery/types';
import { useDiscoveryFormat, usePaidDiscoveryQuery } from '../../components/discovery/use-discovery';
import { useT } from '../../hooks/use-t';
import { isApiError } from '../../lib/api-fetch';
import type { MessageKey } from '../../providers/i18n-provider';

const BLOCKS = ['posts', 'reels', 'videos', 'shorts'] as const;
const STATS = ['median', 'mean', 'min', 'max'] as const;
const MEASURES = ['likes', 'comments', 'views'] as const;

/** The post counts the provider measured over (6, 12, 30), in the order it sent them. */
function windowsOf(block: PerformanceBlock): number[] {
  const counts = new Set<number>();
  for (const measure of MEASURES) {
    for (const stat of STATS) for (const metric of block[measure]?.[stat] ?? []) counts.add(metric.numberOfItems);
  }
  for (const metric of block.engagement_rate ?? []) counts.add(metric.numberOfItems);
  return [...counts].sort((a, b) => a - b);
}

/** The account in the URL (`?platform=tiktok&url=…`), so a result can be shared. */
function parsePerformance(params: URLSearchParams): { platform: Platform; url: string } {
  const platform = params.get('platform');
  return { platform: isPlatform(platform) ? platform : 'instagram', url: params.get('url')?.trim() ?? '' };
}

function valueAt(metrics: PerformanceMetric[] | undefined, count: number): number | null {
  const metric = metrics?.find((item) => item.numberOfItems === count);
  return metric && typeof metric.value === 'number' ? metric.value : null;
}

function BlockTable({ name, block }: { name: (typeof BLOCKS)[number]; block: PerformanceBlock }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const windows = windowsOf(block);
  const rows: { label: string; values: (number | null)[]; isRate?: boolean }[] = [];
  for (const measure of MEASURES) {
    const stats: PerformanceStats | undefined = block[measure];
    if (!stats) continue;
    for (const stat of STATS) {
      if (!stats[stat]?.length) continue;
      rows.push({
        label: `${t(`discovery.performance.${measure}` as MessageKey)} (${t(`discovery.performance.${stat}` as MessageKey)})`,
        values: windows.map((count) => valueAt(stats[stat], count)),
      });
    }
  }
  if (block.engagement_rate?.length) {
    rows.push({
      label: t('discovery.results.engagementRate'),
      values: windows.map((count) => valueAt(block.engagement_rate, count)),
      isRate: true,
    });
  }
  return (
    <Section title={t(`discovery.performance.block.${name}`)}>
      {typeof block.total === 'number' ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('discovery.performance.total', { count: format.number(block.total) })}
        </Typography>
      ) : null}
      {rows.length === 0 || windows.length === 0 ? (
        <Typography color="text.secondary">{t('discovery.performance.noData')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t(`discovery.performance.block.${name}`)}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('discovery.performance.metric')}</TableCell>
                {windows.map((count) => (
                  <TableCell key={count} scope="col" align="right">
                    {t('discovery.performance.lastPosts', { count })}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  {row.values.map((value, index) => (
                    <TableCell key={windows[index]} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {value === null ? '–' : row.isRate ? format.rate(value) : format.number(Math.round(value))}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function PerformanceResults({ platform, url }: { platform: Platform; url: string }) {
  const t = useT();
  const result = usePaidDiscoveryQuery<PerformanceResult>(`/api/discovery/${platform}/performance`, {
    body: { url },
  });
  if (result.isLoading) return <ToolLoading label={t('app.loading')} height={240} />;
  if (result.error) {
    const isPreparing = isApiError(result.error) && result.error.code === 'retry_later';
    return (
      <ToolError error={result.error} onRetry={() => void result.refetch()} severity={isPreparing ? 'info' : 'error'} />
    );
  }
  const blocks = BLOCKS.flatMap((name) => (result.data?.[name] ? [{ name, block: result.data[name] }] : []));
  if (blocks.length === 0) {
    return <EmptyState title={t('discovery.performance.emptyTitle')} body={t('discovery.performance.emptyBody')} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {blocks.map(({ name, block }) => (
        <BlockTable key={name} name={name} block={block} />
      ))}
    </Box>
  );
}

/** Performance over the last 6, 12 and 30 posts (and reels, videos, shorts) of one account. */
export function DiscoveryPerformancePage() {
  const t = useT();
  const [submitted, setParams] = useUrlQuery(parsePerformance);
  const [platform, setPlatform] = useState<Platform>(submitted.platform);
  const [url, setUrl] = useState(submitted.url);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPlatform(submitted.platform);
    setUrl(submitted.url);
  }, [submitted]);

  return (
    <ToolPage
      title={t('discovery.performance.title')}
      intro={t('discovery.performance.intro')}
      formLabel={t('discovery.performance.formLabel')}
      onSubmit={() => {
        if (!url.trim()) {
          setError(t('discovery.performance.urlRequired'));
          return;
        }
        setError(null);
        setParams(new URLSearchParams({ platform, url: url.trim() }));
      }}
      runIcon={<Insights />}
      runLabel={t('discovery.performance.run')}
      cost={t('discovery.performance.cost')}
      resultsTitle={t('discovery.performance.results')}
      results={
        submitted.url ? (
          <PerformanceResults platform={submitted.platform} url={submitted.url} />
        ) : (
          <EmptyState title={t('discovery.performance.startTitle')} body={t('discovery.performance.startBody')} />
        )
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' } }}>
        <TextField
          select
          label={t('discovery.performance.platform')}
          value={platform}
          onChange={(event) => setPlatform(event.target.value as Platform)}
        >
          {PLATFORMS.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`discovery.platform.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('discovery.performance.url')}
          helperText={error ?? t('discovery.performance.urlHelp')}
          error={!!error}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
      </Box>
    </ToolPage>
  );
}
