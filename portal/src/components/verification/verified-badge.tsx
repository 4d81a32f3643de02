import type { CreatorVerifiedAccounts, VerifiedAccount } from '@kollab/contract/api/verification';
import Verified from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { useFormat } from '../campaigns/use-format';

/** The verified accounts of several creators in one request, by creator id (ADR 032). */
export function useVerifiedAccounts(creatorIds: string[]): Map<string, VerifiedAccount[]> {
  const ids = [...new Set(creatorIds)].slice(0, 100);
  const { data } = useApiQuery<CreatorVerifiedAccounts[]>(
    `/api/verified-accounts?ids=${ids.map(encodeURIComponent).join(',')}`,
    { enabled: ids.length > 0 },
  );
  return new Map((data ?? []).map((entry) => [entry.creatorId, entry.accounts]));
}

/** One badge per verified account: platform, the provider's follower count and the tier. */
export function VerifiedBadges({ accounts }: { accounts: VerifiedAccount[] | undefined }) {
  const t = useT();
  const format = useFormat();
  if (!accounts?.length) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
      {accounts.map((account) => {
        const platform = t(`verification.platform.${account.platform}`);
        const label =
          account.followers === null
            ? t('verification.badge', { platform })
            : account.tier
              ? t('verification.badgeWithTier', {
                  platform,
                  count: format.number(account.followers),
                  tier: t(`verification.tier.${account.tier}`),
                })
              : t('verification.badgeWithFollowers', { platform, count: format.number(account.followers) });
        return (
          <Chip
            key={account.platform}
            icon={<Verified aria-hidden />}
            label={label}
            size="small"
            color="primary"
            variant="outlined"
          />
        );
      })}
    </Stack>
  );
}
