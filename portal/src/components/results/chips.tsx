import type { TrackedPostView } from '@kollab/contract/api/results';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { type Tone, ToneChip } from '../campaigns/tone-chip';

type AdLabelState = 'passed' | 'failing' | 'checking' | 'unchecked';

/** Where a post's ad-label check stands: a verdict, a check under way (before the first), or none. */
export function adLabelState(post: Pick<TrackedPostView, 'adLabel' | 'status'>): AdLabelState {
  if (post.adLabel) return post.adLabel.ok ? 'passed' : 'failing';
  return post.status === 'checking' ? 'checking' : 'unchecked';
}

const AD_LABEL: Record<AdLabelState, { key: MessageKey; tone: Tone }> = {
  passed: { key: 'results.adLabel.passed', tone: 'success' },
  failing: { key: 'results.adLabel.failing', tone: 'error' },
  checking: { key: 'results.adLabel.checking', tone: 'progress' },
  unchecked: { key: 'results.adLabel.unchecked', tone: 'neutral' },
};

/** The ad-label verdict as a chip: passed (green), failing (red), checking or not checked. */
export function AdLabelChip({ post }: { post: Pick<TrackedPostView, 'adLabel' | 'status'> }) {
  const t = useT();
  const { key, tone } = AD_LABEL[adLabelState(post)];
  return <ToneChip label={t(key)} tone={tone} />;
}

const STATUS: Record<TrackedPostView['status'], { key: MessageKey; tone: Tone }> = {
  checking: { key: 'results.status.checking', tone: 'info' },
  tracking: { key: 'results.status.tracking', tone: 'progress' },
  finished: { key: 'results.status.finished', tone: 'success' },
  disappeared: { key: 'results.status.disappeared', tone: 'error' },
};

/** A tracked post's state; a post whose reads wait for the brand's next monthly budget says so. */
export function PostStatusChip({ post }: { post: Pick<TrackedPostView, 'status' | 'pausedReason'> }) {
  const t = useT();
  if (post.pausedReason === 'cap_reached' && post.status !== 'disappeared') {
    return <ToneChip label={t('results.status.capReached')} tone="warning" />;
  }
  const { key, tone } = STATUS[post.status];
  return <ToneChip label={t(key)} tone={tone} />;
}
