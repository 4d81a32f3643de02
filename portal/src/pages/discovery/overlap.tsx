import CompareArrows from '@mui/icons-material/CompareArrows';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/campaigns/empty-state';
import { DictionaryAutocomplete } from '../../components/discovery/dictionary-autocomplete';
import {
  OVERLAP_MAX_INFLUENCERS,
  OVERLAP_MIN_INFLUENCERS,
  OVERLAP_PLATFORMS,
  type OverlapPlatform,
} from '../../components/discovery/enums';
import { StatTiles } from '../../components/discovery/report-sections';
import { reportPath } from '../../components/discovery/results-table';
import type { Choice } from '../../components/discovery/search-state';
import { ToolError, ToolLoading, ToolPage, useUrlQuery } from '../../components/discovery/tool-page';
import type { OverlapResult } from '../../components/discovery/types';
import { useDiscoveryFormat, usePaidDiscoveryQuery } from '../../components/discovery/use-discovery';
import { useT } from '../../hooks/use-t';

interface OverlapQuery {
  platform: OverlapPlatform;
  handles: string[];
}

/** The comparison in the URL (`?platform=instagram&influencer=a&influencer=b`), so it can be shared. */
function parseOverlap(params: URLSearchParams): OverlapQuery {
  const platform = (OVERLAP_PLATFORMS as readonly string[]).includes(params.get('platform') ?? '')
    ? (params.get('platform') as OverlapPlatform)
    : 'instagram';
  const handles = [
    ...new Set(
      params
        .getAll('influencer')
        .map((handle) => handle.trim().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ].slice(0, OVERLAP_MAX_INFLUENCERS);
  return { platform, handles };
}

function ShareBar({ unique, label }: { unique: number; label: string }) {
  return (
    <Box
      aria-hidden
      title={label}
      sx={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', bgcolor: 'warning.light', minWidth: 120 }}
    >
      <Box sx={{ width: `${Math.max(0, Math.min(1, unique)) * 100}%`, bgcolor: 'primary.main' }} />
    </Box>
  );
}

function OverlapResults({ query }: { query: OverlapQuery }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const result = usePaidDiscoveryQuery<OverlapResult>(`/api/discovery/${query.platform}/overlap`, {
    body: { influencers: query.handles },
  });
  const { meta } = result;
  if (result.isLoading) return <ToolLoading label={t('discovery.overlap.comparing')} height={200} />;
  if (result.error || !result.data) {
    return <ToolError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const { reportInfo, data } = result.data;
  const uniqueShare = reportInfo.totalFollowers ? reportInfo.totalUniqueFollowers / reportInfo.totalFollowers : 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StatTiles
        tiles={[
          { label: t('discovery.overlap.totalFollowers'), value: format.number(reportInfo.totalFollowers) },
          { label: t('discovery.overlap.totalUnique'), value: format.number(reportInfo.totalUniqueFollowers) },
          { label: t('discovery.overlap.uniqueShare'), value: format.rate(uniqueShare) },
        ]}
      />
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        <Table aria-label={t('discovery.overlap.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('discovery.overlap.influencer')}</TableCell>
              <TableCell scope="col" align="right">
                {t('discovery.results.followers')}
              </TableCell>
              <TableCell scope="col" align="right">
                {t('discovery.overlap.unique')}
              </TableCell>
              <TableCell scope="col" align="right">
                {t('discovery.overlap.overlapping')}
              </TableCell>
              <TableCell scope="col">{t('discovery.overlap.split')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => {
              const handle = row.username ?? row.userId;
              return (
                <TableRow key={row.userId}>
                  <TableCell component="th" scope="row">
                    <Link component={RouterLink} to={reportPath(query.platform, row.userId)}>
                      @{handle}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{format.number(row.followers)}</TableCell>
                  <TableCell align="right">{format.rate(row.uniquePercentage)}</TableCell>
                  <TableCell align="right">{format.rate(row.overlappingPercentage)}</TableCell>
                  <TableCell>
                    <ShareBar
                      unique={row.uniquePercentage}
                      label={t('discovery.overlap.barLabel', {
                        unique: format.rate(row.uniquePercentage),
                        overlapping: format.rate(row.overlappingPercentage),
                      })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary">
        {t('discovery.overlap.legend')}
        {meta
          ? ` ${
              meta.cached
                ? t('discovery.results.fromCache', { date: format.dateTime(meta.fetchedAt) })
                : t('discovery.results.spent', { credits: format.credits(meta.credits) })
            }`
          : null}
      </Typography>
    </Box>
  );
}

/** Audience overlap: how many followers 2–10 influencers share, and how many only one of them has. */
export function DiscoveryOverlapPage() {
  const t = useT();
  const [submitted, setParams] = useUrlQuery(parseOverlap);
  const [platform, setPlatform] = useState<OverlapPlatform>(submitted.platform);
  const [chosen, setChosen] = useState<Choice[]>(submitted.handles.map((handle) => ({ id: handle, name: handle })));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPlatform(submitted.platform);
    setChosen(submitted.handles.map((handle) => ({ id: handle, name: handle })));
  }, [submitted]);
  const isReady = submitted.handles.length >= OVERLAP_MIN_INFLUENCERS;

  return (
    <ToolPage
      title={t('discovery.overlap.title')}
      intro={t('discovery.overlap.intro')}
      formLabel={t('discovery.overlap.formLabel')}
      onSubmit={() => {
        if (chosen.length < OVERLAP_MIN_INFLUENCERS) {
          setError(t('discovery.overlap.tooFew', { min: OVERLAP_MIN_INFLUENCERS }));
          return;
        }
        setError(null);
        const next = new URLSearchParams({ platform });
        for (const choice of chosen) next.append('influencer', choice.id);
        setParams(next);
      }}
      runIcon={<CompareArrows />}
      runLabel={t('discovery.overlap.run')}
      cost={t('discovery.overlap.cost')}
      resultsTitle={t('discovery.overlap.results')}
      results={
        isReady ? (
          <OverlapResults query={submitted} />
        ) : (
          <EmptyState title={t('discovery.overlap.startTitle')} body={t('discovery.overlap.startBody')} />
        )
      }
    >
      <TextField
        select
        label={t('discovery.overlap.platform')}
        value={platform}
        onChange={(event) => {
          setPlatform(event.target.value as OverlapPlatform);
          setChosen([]);
        }}
        sx={{ maxWidth: 260 }}
      >
        {OVERLAP_PLATFORMS.map((item) => (
          <MenuItem key={item} value={item}>
            {t(`discovery.platform.${item}`)}
          </MenuItem>
        ))}
      </TextField>
      <DictionaryAutocomplete
        platform={platform}
        kind="users"
        freeSolo
        max={OVERLAP_MAX_INFLUENCERS}
        label={t('discovery.overlap.influencers')}
        helperText={
          error ??
          t('discovery.overlap.influencersHelp', { min: OVERLAP_MIN_INFLUENCERS, max: OVERLAP_MAX_INFLUENCERS })
        }
        error={!!error}
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          if (next.length >= OVERLAP_MIN_INFLUENCERS) setError(null);
        }}
      />
    </ToolPage>
  );
}
