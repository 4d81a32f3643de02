import type { ClaimRatings as ClaimRatingsView, RatingView } from '@kollab/contract/api/ratings';
import { BRAND_CRITERIA, CREATOR_CRITERIA, type RatingCriterion } from '@kollab/contract/ratings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { useFormat } from '../campaigns/use-format';

type Side = 'brand' | 'creator';

/** A given rating: each criterion's stars (read only) and the comment. */
function GivenRating({ rating, title }: { rating: RatingView; title: string }) {
  const t = useT();
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        {Object.entries(rating.scores).map(([criterion, score]) => (
          <Box key={criterion} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {t(`ratings.criteria.${criterion as RatingCriterion}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {t('ratings.score', { score: score ?? 0 })}
            </Typography>
          </Box>
        ))}
      </Box>
      {rating.comment ? (
        <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic' }}>
          “{rating.comment}”
        </Typography>
      ) : null}
    </Box>
  );
}

/** Stars per criterion and an optional comment; sends once. */
function RatingForm({ claimId, side, onSent }: { claimId: string; side: Side; onSent: () => void }) {
  const t = useT();
  const criteria: readonly RatingCriterion[] = side === 'brand' ? BRAND_CRITERIA : CREATOR_CRITERIA;
  const [scores, setScores] = useState<Partial<Record<RatingCriterion, number>>>({});
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const complete = criteria.every((criterion) => scores[criterion]);
  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      await apiFetch(`/api/claims/${encodeURIComponent(claimId)}/rating`, {
        method: 'POST',
        json: { ...scores, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      onSent();
    } catch (error) {
      setFailure(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) void send();
      }}
    >
      {criteria.map((criterion) => (
        <Box key={criterion} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2">
            {t(`ratings.criteria.${criterion}`)}
          </Typography>
          <Rating
            name={`rating-${criterion}`}
            value={scores[criterion] ?? null}
            getLabelText={(score) => t('ratings.score', { score })}
            onChange={(_event, value) => setScores((current) => ({ ...current, [criterion]: value ?? undefined }))}
          />
        </Box>
      ))}
      <TextField
        label={t('ratings.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {failure ? <Alert severity="error">{errorText(t, failure)}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={!complete || sending}>
          {t('ratings.submit')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The claim's ratings (issue 18): once the claim is accepted, each side rates the other within 14
 * days; the other side's rating shows when both have rated or the time is up.
 */
export function ClaimRatings({ claimId, side }: { claimId: string; side: Side }) {
  const t = useT();
  const format = useFormat();
  const { data, isLoading, error, refetch } = useApiQuery<ClaimRatingsView>(
    `/api/claims/${encodeURIComponent(claimId)}/ratings`,
  );
  if (isLoading) return <CircularProgress size={24} aria-label={t('app.loading')} />;
  if (error || !data) return <Alert severity="error">{errorText(t, error)}</Alert>;
  const other: Side = side === 'brand' ? 'creator' : 'brand';
  const closes = data.closesAt ? format.date(data.closesAt) : '';
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography variant="body2" color="text.secondary">
        {data.closesAt === null
          ? t('ratings.notYet')
          : data.canRate
            ? t(`ratings.intro.${side}`, { date: closes })
            : data.revealed
              ? t('ratings.revealed')
              : t('ratings.waiting', { party: t(`ratings.party.${other}`), date: closes })}
      </Typography>
      {data.canRate ? <RatingForm claimId={claimId} side={side} onSent={() => void refetch()} /> : null}
      {data.mine ? <GivenRating rating={data.mine} title={t('ratings.mine')} /> : null}
      {data.theirs ? (
        <GivenRating rating={data.theirs} title={t(`ratings.theirs.${other}`)} />
      ) : data.theyRated && !data.revealed ? (
        <Typography variant="body2">{t('ratings.theyRatedHidden', { party: t(`ratings.party.${other}`) })}</Typography>
      ) : data.revealed ? (
        <Typography variant="body2">{t('ratings.noneFrom', { party: t(`ratings.party.${other}`) })}</Typography>
      ) : null}
    </Stack>
  );
}
