import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { MessageKey } from '../../providers/i18n-provider';
import { ClaimStatusChip } from '../claims/claim-status-chip';
import { CampaignCover } from './campaign-cover';
import type { Campaign } from './types';
import { useFormat } from './use-format';

/** The dashboard overlay (spec §4): over, then the creator's pending claim, then not started yet. */
export function overlayKey(campaign: Pick<Campaign, 'state' | 'myClaim'>): MessageKey | null {
  if (campaign.state === 'over') return 'campaigns.overlay.over';
  if (campaign.myClaim?.status === 'pending') return 'campaigns.overlay.pending';
  if (campaign.state === 'coming_soon') return 'campaigns.overlay.comingSoon';
  return null;
}

/**
 * A campaign on the dashboard: cover with its overlay, brand, title, payout, dates and slots left.
 * The title is the link; it stretches over the whole card so the card is one click target.
 */
export function CampaignCard({
  campaign,
  to,
  priority = false,
}: {
  campaign: Campaign;
  to?: string;
  /** The first card of a list: its cover loads at once (see CampaignCover). */
  priority?: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const overlay = overlayKey(campaign);
  const slotsLeft = Math.max(0, campaign.slots - campaign.slotsTaken);
  const showClaim = campaign.myClaim && campaign.myClaim.status !== 'pending';
  return (
    <Card
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '&:hover': to ? { boxShadow: 4 } : undefined,
        '&:focus-within': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CampaignCover
        coverUrl={campaign.coverUrl}
        coverSrcSet={campaign.coverSrcSet}
        overlay={overlay ? t(overlay) : undefined}
        dimmed={campaign.state === 'over'}
        priority={priority}
      />
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {campaign.brand.name}
        </Typography>
        <Typography component="h2" variant="h6" sx={{ lineHeight: 1.3 }}>
          {to ? (
            <Link
              component={RouterLink}
              to={to}
              underline="hover"
              color="inherit"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {campaign.title}
            </Link>
          ) : (
            campaign.title
          )}
        </Typography>
        <Typography sx={{ fontWeight: 600, color: 'primary.dark' }}>
          {t('campaigns.card.payout', { amount: format.money(campaign.payoutOre) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {format.dateRange(campaign.startsAt, campaign.endsAt)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('campaigns.card.slotsLeft', { left: slotsLeft, total: campaign.slots })}
        </Typography>
        {showClaim && campaign.myClaim ? (
          <Box sx={{ mt: 1 }}>
            <ClaimStatusChip status={campaign.myClaim.status} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
