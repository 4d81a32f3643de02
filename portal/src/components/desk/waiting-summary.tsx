import type { DeskCampaign } from '@kollab/contract/api/desk';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { Section } from '../campaigns/section';
import { useFormat } from '../campaigns/use-format';
import { deskTabPath } from './desk-tabs';
import { useCountdown } from './use-countdown';

/** The overview's first section: claims to approve and videos to review, each with the way to its tab. */
export function WaitingSummary({ desk }: { desk: DeskCampaign }) {
  const t = useT();
  const format = useFormat();
  const countdown = useCountdown();
  const items = [
    {
      label: t('desk.figures.claimsToApprove'),
      count: desk.claimsToApprove,
      action: t('desk.overview.reviewClaims'),
      to: deskTabPath(desk.id, 'creators'),
      note: null,
    },
    {
      label: t('desk.figures.videosToReview'),
      count: desk.videosToReview,
      action: t('desk.overview.reviewVideos'),
      to: deskTabPath(desk.id, 'content'),
      note: desk.nextAutoAcceptAt ? t('desk.figures.autoAccept', { when: countdown(desk.nextAutoAcceptAt) }) : null,
    },
  ];
  return (
    <Section title={t('desk.overview.waiting')}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {items.map((item) => (
          <Box key={item.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography variant="h6" component="span">
                {format.number(item.count)}
              </Typography>
              {item.note ? (
                <Typography variant="body2" color="text.secondary">
                  {item.note}
                </Typography>
              ) : null}
              {item.count > 0 ? (
                <Box>
                  <Button component={RouterLink} to={item.to} size="small" sx={{ ml: -1, mt: 0.5 }}>
                    {item.action}
                  </Button>
                </Box>
              ) : null}
            </Box>
          </Box>
        ))}
      </Box>
      {desk.claimsToApprove + desk.videosToReview === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('desk.overview.nothingWaiting')}
        </Typography>
      ) : null}
    </Section>
  );
}
