import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../hooks/use-t';
import { CREATOR_TIERS, type MatchReason, PLATFORMS } from './types';
import { type Format, useFormat } from './use-format';

function isMatchReason(value: Record<string, unknown>): value is MatchReason {
  switch (value.code) {
    case 'categories':
      return typeof value.matched === 'number' && typeof value.total === 'number';
    case 'platform':
      return Array.isArray(value.platforms);
    case 'tier':
      return CREATOR_TIERS.some((tier) => tier === value.tier);
    case 'audience_country':
      return typeof value.country === 'string' && typeof value.share === 'number';
    case 'audience_age':
      return typeof value.ageGroup === 'string' && typeof value.share === 'number';
    case 'delivery':
      return typeof value.average === 'number';
    case 'verified':
      return Array.isArray(value.platforms);
    default:
      return false;
  }
}

/** One match reason as a sentence; reasons the portal does not know yet are left out. */
export function reasonText(t: Translate, format: Format, reason: MatchReason): string {
  switch (reason.code) {
    case 'categories':
      return t('campaigns.reasons.categories', { matched: reason.matched, total: reason.total });
    case 'platform': {
      const names = PLATFORMS.filter((platform) => reason.platforms.includes(platform)).map((platform) =>
        t(`campaigns.platforms.${platform}`),
      );
      return t('campaigns.reasons.platform', { platforms: format.list(names) });
    }
    case 'tier':
      return t('campaigns.reasons.tier', { tier: t(`campaigns.tierNames.${reason.tier}`) });
    case 'audience_country':
      return t('campaigns.reasons.audienceCountry', {
        share: format.percent(reason.share),
        country: format.country(reason.country),
      });
    case 'audience_age':
      return t('campaigns.reasons.audienceAge', { share: format.percent(reason.share), ageGroup: reason.ageGroup });
    case 'delivery':
      return t('campaigns.reasons.delivery', { average: format.decimal(reason.average) });
    case 'verified': {
      const names = PLATFORMS.filter((platform) => reason.platforms.includes(platform)).map((platform) =>
        t(`campaigns.platforms.${platform}`),
      );
      return t('campaigns.reasons.verified', { platforms: format.list(names) });
    }
  }
}

/** Why the creator was matched, as a short list of ticks. */
export function MatchReasons({ reasons, label }: { reasons: Record<string, unknown>[]; label: string }) {
  const t = useT();
  const format = useFormat();
  const known = reasons.filter(isMatchReason);
  if (known.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
      {known.map((reason) => (
        <Box component="li" key={JSON.stringify(reason)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Check fontSize="small" sx={{ color: 'success.dark', mt: '2px' }} aria-hidden />
          <Typography variant="body2">{reasonText(t, format, reason)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
