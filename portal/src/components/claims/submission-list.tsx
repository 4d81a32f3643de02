import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import type { Submission } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { claimReasonText } from './claim-reason';
import { PostLink } from './post-link';

/** Every link the creator has submitted, newest first, with the brand's review note. */
export function SubmissionList({ submissions }: { submissions: Submission[] }) {
  const t = useT();
  const format = useFormat();
  if (submissions.length === 0) {
    return <Typography color="text.secondary">{t('claims.submissions.none')}</Typography>;
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {submissions.map((submission, index) => (
        <Box component="li" key={submission.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {t('claims.submissions.round', { number: submissions.length - index })}
            {' · '}
            <time dateTime={submission.createdAt}>{format.dateTime(submission.createdAt)}</time>
          </Typography>
          <PostLink url={submission.url} sx={{ overflowWrap: 'anywhere' }} />
          {submission.reviewedAt ? (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              <strong>{t('claims.submissions.reviewNote')}</strong>{' '}
              {submission.reviewNote ? claimReasonText(t, submission.reviewNote) : t('claims.submissions.noNote')}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('claims.submissions.notReviewed')}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
