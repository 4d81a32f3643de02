import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { useFormat } from '../campaigns/use-format';

/** The parts of a provider report the claim review shows (CONTRACT §3; every list may be absent). */
interface ReportSummary {
  profile?: {
    profile?: { followers?: number; engagementRate?: number };
    audience?: { credibility?: number; geoCountries?: { name: string; weight: number }[] };
  };
}
interface Answer {
  data: ReportSummary;
  meta: { fetchedAt: string };
}

type State =
  | { kind: 'loading' }
  | { kind: 'cached'; answer: Answer }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string };

/**
 * The creator's audience from the data provider, read from the same cached reports discovery uses:
 * shown at once when a report is cached, otherwise fetched on request (it costs a credit).
 */
export function ProviderReportSummary({ platform, handle }: { platform: 'instagram' | 'tiktok'; handle: string }) {
  const t = useT();
  const format = useFormat();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const path = `/api/discovery/${platform}/reports/${encodeURIComponent(handle)}`;
  const load = useCallback(
    async (cachedOnly: boolean) => {
      setState({ kind: 'loading' });
      try {
        // A GET only reads the cache (204, no body, when the report was never fetched); a POST fetches it.
        const answer = await apiFetch<Answer | undefined>(path, cachedOnly ? {} : { method: 'POST', json: {} });
        setState(answer ? { kind: 'cached', answer } : { kind: 'missing' });
      } catch (caught) {
        setState({ kind: 'failed', message: errorText(t, caught) });
      }
    },
    [path, t],
  );
  useEffect(() => {
    void load(true);
  }, [load]);

  if (state.kind === 'loading') return <Skeleton variant="text" width="70%" aria-label={t('claims.report.loading')} />;
  if (state.kind === 'failed') {
    return (
      <Alert severity="warning" sx={{ mt: 1 }}>
        {state.message}
      </Alert>
    );
  }
  if (state.kind === 'missing') {
    return (
      <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => void load(false)}>
        {t('claims.report.fetch')}
      </Button>
    );
  }
  const report = state.answer.data.profile;
  const countries = [...(report?.audience?.geoCountries ?? [])].sort((a, b) => b.weight - a.weight).slice(0, 3);
  const rate = report?.profile?.engagementRate;
  const credibility = report?.audience?.credibility;
  return (
    <Box sx={{ mt: 0.5 }}>
      {rate !== undefined ? (
        <Typography variant="body2">
          {t('claims.report.engagement', { rate: format.percent(rate) })}
          {credibility !== undefined
            ? ` · ${t('claims.report.credibility', { share: format.percent(credibility) })}`
            : ''}
        </Typography>
      ) : null}
      {countries.length ? (
        <Typography variant="body2">
          {t('claims.report.countries', {
            list: countries.map((country) => `${country.name} ${format.percent(country.weight)}`).join(', '),
          })}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p">
        {t('claims.report.cachedOn', { date: format.date(state.answer.meta.fetchedAt) })} ·{' '}
        <Link component={RouterLink} to={`/discovery/${platform}/${encodeURIComponent(handle)}`}>
          {t('claims.report.fullReport')}
        </Link>
      </Typography>
    </Box>
  );
}
