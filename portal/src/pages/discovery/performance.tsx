import Insights from '@mui/icons-material/Insights';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/campaigns/empty-state';
import { Section } from '../../components/campaigns/section';
import { isPlatform, PLATFORMS, type Platform } from '../../components/discovery/enums';
import type {
  PerformanceBlock,
  PerformanceMetric,
  PerformanceResult,
  PerformanceStats,
} from '../../components/discovery/types';
import {
  discoveryErrorText,
  useDiscoveryFormat,
  useDiscoveryQuery,
  useDiscoveryStatus,
} from '../../components/discovery/use-discovery';
import { PageHeader } from '../../components/layout/page-header';
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
  const { refresh } = useDiscoveryStatus();
  const result = useDiscoveryQuery<PerformanceResult>(
    `/api/discovery/${platform}/performance?url=${encodeURIComponent(url)}`,
  );
  const { meta } = result;
  useEffect(() => {
    if (meta && !meta.cached) refresh();
  }, [meta, refresh]);
  if (result.isLoading) {
    return (
      <Box aria-busy="true">
        <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
          {t('app.loading')}
        </Typography>
        <Skeleton variant="rounded" height={240} />
      </Box>
    );
  }
  if (result.error) {
    const isPreparing = isApiError(result.error) && result.error.code === 'retry_later';
    return (
      <Alert
        severity={isPreparing ? 'info' : 'error'}
        action={
          <Button color="inherit" size="small" onClick={() => void result.refetch()}>
            {t('discovery.retry')}
          </Button>
        }
      >
        {discoveryErrorText(t, result.error)}
      </Alert>
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
  const resultsId = useId();
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const submitted = useMemo(() => {
    const query = new URLSearchParams(paramsKey);
    const platform = query.get('platform');
    const url = query.get('url')?.trim() ?? '';
    return { platform: isPlatform(platform) ? platform : 'instagram', url } as const;
  }, [paramsKey]);
  const [platform, setPlatform] = useState<Platform>(submitted.platform);
  const [url, setUrl] = useState(submitted.url);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPlatform(submitted.platform);
    setUrl(submitted.url);
  }, [submitted]);

  return (
    <>
      <PageHeader title={t('discovery.performance.title')} intro={t('discovery.performance.intro')} />
      <Card
        component="form"
        noValidate
        aria-label={t('discovery.performance.formLabel')}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3, display: 'grid', gap: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!url.trim()) {
            setError(t('discovery.performance.urlRequired'));
            return;
          }
          setError(null);
          setParams(new URLSearchParams({ platform, url: url.trim() }));
        }}
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
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" startIcon={<Insights />}>
            {t('discovery.performance.run')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('discovery.performance.cost')}
          </Typography>
        </Box>
      </Card>
      <Box component="section" aria-labelledby={resultsId}>
        <Typography id={resultsId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {t('discovery.performance.results')}
        </Typography>
        {submitted.url ? (
          <PerformanceResults platform={submitted.platform} url={submitted.url} />
        ) : (
          <EmptyState title={t('discovery.performance.startTitle')} body={t('discovery.performance.startBody')} />
        )}
      </Box>
    </>
  );
}
