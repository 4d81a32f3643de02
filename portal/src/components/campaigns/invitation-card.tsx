import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useNow } from '../../hooks/use-now';
import { useT } from '../../hooks/use-t';
import { MatchReasons } from './match-reasons';
import { type Tone, ToneChip } from './tone-chip';
import type { Invitation, InvitationStatus } from './types';
import { useFormat } from './use-format';

const TONES: Record<InvitationStatus, Tone> = {
  pending: 'info',
  accepted: 'success',
  declined: 'neutral',
  expired: 'neutral',
};

export function InvitationStatusChip({ status }: { status: InvitationStatus }) {
  const t = useT();
  return <ToneChip label={t(`invitations.status.${status}`)} tone={TONES[status]} />;
}

/** One invitation: campaign, payout, dates, match score and reasons, respond-by date, answers. */
export function InvitationCard({
  invitation,
  onAccept,
  onDecline,
}: {
  invitation: Invitation;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const { campaign } = invitation;
  const now = useNow();
  const isOpen = invitation.status === 'pending' && Date.parse(invitation.respondBy) > now;
  const status = invitation.status === 'pending' && !isOpen ? 'expired' : invitation.status;
  return (
    <Card component="article">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="overline" color="text.secondary">
              {campaign.brandName}
            </Typography>
            <Typography component="h2" variant="h6">
              <Link component={RouterLink} to={`/campaigns/${campaign.id}`} underline="hover">
                {campaign.title}
              </Link>
            </Typography>
          </Box>
          <InvitationStatusChip status={status} />
        </Box>
        <Typography sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {t('campaigns.card.payout', { amount: format.money(campaign.payoutOre) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {format.dateRange(campaign.startsAt, campaign.endsAt)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {t('invitations.score', { score: Math.round(invitation.score) })}
        </Typography>
        <MatchReasons reasons={invitation.reasons} label={t('invitations.reasonsLabel')} />
        {isOpen ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('invitations.respondBy', { date: format.date(invitation.respondBy) })}
          </Typography>
        ) : null}
      </CardContent>
      {isOpen ? (
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={onAccept} aria-label={`${t('invitations.accept')}: ${campaign.title}`}>
            {t('invitations.accept')}
          </Button>
          <Button onClick={onDecline} aria-label={`${t('invitations.decline')}: ${campaign.title}`}>
            {t('invitations.decline')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
