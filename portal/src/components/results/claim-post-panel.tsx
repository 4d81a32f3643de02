import { AD_LABEL_MESSAGES, type AdLabelProblem, describeAdLabelProblem } from '@kollab/contract/ad-label';
import type { TrackedPostView } from '@kollab/contract/api/results';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { Section } from '../campaigns/section';
import { PostLink } from '../claims/post-link';
import { adLabelState, PostStatusChip } from './chips';
import { FigureList } from './figure-list';
import { LazyViewsChart } from './lazy-views-chart';
import { ReadingsTable } from './readings-table';
import { useResultsFormat } from './use-results-format';

const POLL_MS = 5_000;
/** How long "Check again" waits for the new verdict before it stops polling. */
const RECHECK_WAIT_MS = 120_000;

/** A "check again" under way: the verdict it replaces (its time, or null when there was none). */
interface Recheck {
  previous: string | null;
  since: number;
}

const isKnownProblem = (problem: { code: string; value?: string | undefined }): problem is AdLabelProblem =>
  Object.hasOwn(AD_LABEL_MESSAGES, problem.code);

/** Each problem of a failing caption: what is wrong and how to fix it, in the reader's language. */
function Problems({ problems }: { problems: { code: string; value?: string | undefined }[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {problems.filter(isKnownProblem).map((problem) => {
        const text = describeAdLabelProblem(problem, locale);
        return (
          <li key={`${problem.code}-${problem.value ?? ''}`}>
            <Typography variant="body2">{text.reason}</Typography>
            <Typography variant="body2">{t('results.post.fix', { fix: text.fix })}</Typography>
          </li>
        );
      })}
    </Box>
  );
}

/** The ad-label verdict: checking, passed or failing with each problem and its fix. */
function Verdict({ post, checking, isCreator }: { post: TrackedPostView; checking: boolean; isCreator: boolean }) {
  const t = useT();
  const format = useResultsFormat();
  const state = checking ? 'checking' : adLabelState(post);
  const checkedAt = post.adLabel
    ? t('results.post.checkedAt', { time: format.dateTime(post.adLabel.checkedAt) })
    : null;
  if (state === 'checking') {
    return (
      <Alert severity="info" role="status">
        <AlertTitle>{t('results.adLabel.checking')}</AlertTitle>
        {t('results.post.checkingBody')}
      </Alert>
    );
  }
  if (state === 'passed') {
    return (
      <Alert severity="success" role="status">
        <AlertTitle>{t('results.adLabel.passed')}</AlertTitle>
        {t('results.post.passedBody')}
        <Typography variant="body2">{checkedAt}</Typography>
      </Alert>
    );
  }
  if (state === 'failing') {
    return (
      <Alert severity="error" role="status">
        <AlertTitle>{t('results.adLabel.failing')}</AlertTitle>
        <Problems problems={post.adLabel?.problems ?? []} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t(isCreator ? 'results.post.failingCreator' : 'results.post.failingBrand')}
        </Typography>
        <Typography variant="body2">{checkedAt}</Typography>
      </Alert>
    );
  }
  return null;
}

/**
 * The claim's submitted post for its creator, brand or an admin (`GET /api/claims/{id}/post`): the
 * ad-label verdict (polled while the check runs), "Check again" for the creator after editing the
 * caption, and once accepted the latest figures and views over time. Nothing when no post was submitted.
 */
export function ClaimPostPanel({
  claimId,
  isCreator,
  isAccepted,
}: {
  claimId: string;
  isCreator: boolean;
  isAccepted: boolean;
}) {
  const t = useT();
  const format = useResultsFormat();
  const [recheck, setRecheck] = useState<Recheck | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const path = `/api/claims/${encodeURIComponent(claimId)}/post`;
  const waitingFor = (post: TrackedPostView | null | undefined) =>
    !!post &&
    post.status !== 'disappeared' &&
    ((post.status === 'checking' && !post.adLabel) ||
      (!!recheck &&
        (post.adLabel?.checkedAt ?? null) === recheck.previous &&
        Date.now() - recheck.since < RECHECK_WAIT_MS));
  const {
    data: post,
    error,
    refetch,
  } = useApiQuery<TrackedPostView | null>(path, {
    refetchInterval: (current) => (waitingFor(current) ? POLL_MS : false),
  });
  const isRechecking = waitingFor(post) && !!recheck;
  // The new verdict (or a removed post) ends a "check again"; so does waiting too long for it.
  useEffect(() => {
    if (recheck && post && !waitingFor(post)) setRecheck(null);
  });
  useEffect(() => {
    if (!recheck) return;
    const timer = setTimeout(() => setRecheck(null), RECHECK_WAIT_MS - (Date.now() - recheck.since));
    return () => clearTimeout(timer);
  }, [recheck]);

  const checkAgain = async () => {
    if (!post) return;
    setIsSending(true);
    setFailure(null);
    try {
      await apiFetch(`${path}/check`, { method: 'POST' });
      setRecheck({ previous: post.adLabel?.checkedAt ?? null, since: Date.now() });
      void refetch();
    } catch (caught) {
      setFailure(caught);
      void refetch();
    } finally {
      setIsSending(false);
    }
  };

  if (error) {
    return (
      <Section title={t('results.post.title')}>
        <Alert severity="error">{errorText(t, error)}</Alert>
      </Section>
    );
  }
  if (!post) return null;
  const isRemoved = post.status === 'disappeared';
  const latest = post.readings[post.readings.length - 1];
  return (
    <Section title={t('results.post.title')} action={<PostStatusChip post={post} />}>
      <Stack spacing={2}>
        <Typography>
          <PostLink url={post.url}>{t('results.post.open')}</PostLink>
        </Typography>
        {isRemoved ? (
          <Alert severity="warning" role="status">
            <AlertTitle>{t('results.post.removed')}</AlertTitle>
            {t('results.post.removedBody', {
              time: post.disappearedAt ? format.dateTime(post.disappearedAt) : '–',
            })}
          </Alert>
        ) : (
          <Verdict post={post} checking={isRechecking} isCreator={isCreator} />
        )}
        {failure ? <Alert severity="error">{errorText(t, failure)}</Alert> : null}
        {isCreator && !isRemoved && post.adLabel && !isRechecking ? (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('results.post.checkAgainHint')}
            </Typography>
            <Button variant="outlined" startIcon={<Refresh />} onClick={checkAgain} disabled={isSending}>
              {t('results.post.checkAgain')}
            </Button>
          </Box>
        ) : null}
        {isAccepted ? <Figures post={post} latestAt={latest?.readAt ?? null} /> : null}
      </Stack>
    </Section>
  );
}

/** Once accepted: the latest figures, and the views over time as a small chart and its table. */
function Figures({ post, latestAt }: { post: TrackedPostView; latestAt: string | null }) {
  const t = useT();
  const format = useResultsFormat();
  if (!post.figures || !latestAt) {
    return <Typography color="text.secondary">{t('results.post.noReadings')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('results.post.latest')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('results.post.latestAt', { time: format.dateTime(latestAt) })}
        </Typography>
        <FigureList figures={post.figures} />
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('results.chart.title')}
        </Typography>
        {post.readings.length > 1 ? (
          <LazyViewsChart posts={[post]} label={t('results.chart.postLabel')} height={220} />
        ) : null}
        <ReadingsTable posts={[post]} />
      </Box>
    </Stack>
  );
}
