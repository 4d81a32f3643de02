import type { VerifiedAccount } from '@kollab/contract/api/verification';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { VerifiedBadges } from '../verification/verified-badge';
import type { CreatorSummary } from './types';
import { useFormat } from './use-format';

/** A creator's avatar, name and handles with follower counts, on one line each, and their verified accounts' badges. */
export function CreatorIdentity({ creator, verified }: { creator: CreatorSummary; verified?: VerifiedAccount[] }) {
  const t = useT();
  const format = useFormat();
  const accounts = [
    creator.instagramHandle
      ? t('brandCampaigns.creator.instagram', {
          handle: creator.instagramHandle,
          followers: creator.instagramFollowers === null ? '–' : format.number(creator.instagramFollowers),
        })
      : null,
    creator.tiktokHandle
      ? t('brandCampaigns.creator.tiktok', {
          handle: creator.tiktokHandle,
          followers: creator.tiktokFollowers === null ? '–' : format.number(creator.tiktokFollowers),
        })
      : null,
  ].filter((account): account is string => account !== null);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
      <Avatar
        src={creator.image ?? undefined}
        alt=""
        sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
      >
        {creator.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {creator.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {accounts.length ? accounts.join(' · ') : t('brandCampaigns.creator.noAccounts')}
        </Typography>
        <VerifiedBadges accounts={verified} />
      </Box>
    </Box>
  );
}
