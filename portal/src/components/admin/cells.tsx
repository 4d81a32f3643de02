import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { perLocale } from '../../lib/once';
import type { Locale } from '../../providers/i18n-provider';
import { formatOf } from '../campaigns/use-format';
import { type MoneyFormat, moneyFormat, useMoneyFormat } from '../money/money';

/** A name over an e-mail address (or any two lines) in a grid cell. */
export function TwoLines({ primary, secondary }: { primary: string; secondary?: string | null | undefined }) {
  return (
    <Box sx={{ lineHeight: 1.3, py: 1, overflow: 'hidden' }}>
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} title={primary}>
        {primary}
      </Typography>
      {secondary ? (
        <Typography variant="body2" noWrap color="text.secondary" title={secondary}>
          {secondary}
        </Typography>
      ) : null}
    </Box>
  );
}

/** A social account's handle over its follower count; nothing when the account is not linked. */
export function HandleCell({ handle, followers }: { handle: string | null; followers: number | null }) {
  const t = useT();
  const format = useAdminFormat();
  if (!handle) return null;
  return (
    <TwoLines
      primary={`@${handle}`}
      secondary={followers === null ? null : `${format.number(followers)} ${t('admin.creators.followers')}`}
    />
  );
}

/** Amounts, dates and counts in the user's language (the payouts queue's formatters plus numbers). */
export function useAdminFormat() {
  return adminFormat(useLocale());
}

/** A language's formatters, made once (not per cell: ADR 034, fifth step). */
const adminFormat = perLocale((locale: Locale): MoneyFormat & { number: (value: number) => string } => ({
  ...moneyFormat(locale),
  number: formatOf(locale).number,
}));

/** A date over its time, as in the payouts queue. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  const format = useMoneyFormat();
  if (!value) return null;
  return (
    <Box sx={{ lineHeight: 1.3, py: 1, whiteSpace: 'normal' }}>
      <Typography variant="body2">{format.date(value)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {format.time(value)}
      </Typography>
    </Box>
  );
}
