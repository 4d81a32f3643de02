import type { RatingSummary as RatingSummaryView } from '@kollab/contract/api/ratings';
import Star from '@mui/icons-material/Star';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { useFormat } from '../campaigns/use-format';

/** The visible ratings of several people in one request, by user id. */
export function useRatingSummaries(userIds: string[]): Map<string, RatingSummaryView> {
  const ids = [...new Set(userIds)].slice(0, 100);
  const { data } = useApiQuery<RatingSummaryView[]>(
    `/api/ratings/summaries?ids=${ids.map(encodeURIComponent).join(',')}`,
    { enabled: ids.length > 0 },
  );
  return new Map((data ?? []).map((summary) => [summary.userId, summary]));
}

/** "4,5 av 5 (antal betyg: 3)", or "Inga betyg än". */
export function RatingSummaryText({ summary }: { summary: RatingSummaryView | undefined }) {
  const t = useT();
  const format = useFormat();
  if (!summary) return null;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Star fontSize="small" sx={{ color: summary.count ? 'warning.dark' : 'text.disabled' }} aria-hidden />
      <Typography variant="body2">
        {summary.average === null
          ? t('ratings.summaryNone')
          : t('ratings.summary', { average: format.decimal(summary.average), count: summary.count })}
      </Typography>
    </Stack>
  );
}
