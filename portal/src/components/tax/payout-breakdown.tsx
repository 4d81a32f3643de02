import type { PayoutBreakdown } from '@kollab/contract/api/tax';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { useMoneyFormat } from '../money/money';

/** A rate in basis points as "31,42 %" / "31.42 %". */
export function usePercent() {
  const locale = useLocale();
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
  return (basisPoints: number) => `${(basisPoints / 100).toLocaleString(tag, { maximumFractionDigits: 2 })} %`;
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box component="div" role="row" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="span" role="rowheader" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography
        component="span"
        role="cell"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Creators: how a campaign's payout is split for them before they claim it (ADR 028): employer
 * contributions, gross pay, preliminary tax and what they get; or the whole amount with F-skatt.
 */
export function PayoutBreakdownCard({ campaignId }: { campaignId: string }) {
  const { data: session } = useSession();
  const isCreator = session?.user.role === 'creator';
  if (!isCreator) return null;
  return <Breakdown campaignId={campaignId} />;
}

function Breakdown({ campaignId }: { campaignId: string }) {
  const t = useT();
  const format = useMoneyFormat();
  const percent = usePercent();
  const titleId = useId();
  const { data, isLoading, error } = useApiQuery<PayoutBreakdown>(
    `/api/campaigns/${encodeURIComponent(campaignId)}/payout-breakdown`,
  );
  if (error) return null;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id={titleId} component="h2" variant="h6">
        {t('tax.breakdown.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('tax.breakdown.intro')}
      </Typography>
      {isLoading || !data ? (
        <Skeleton variant="rectangular" height={120} aria-label={t('tax.breakdown.title')} />
      ) : (
        <Box role="table" aria-labelledby={titleId}>
          <Box role="rowgroup">
            <Line label={t('tax.breakdown.payout')} value={format.sek(data.payoutOre)} />
            {data.status === 'private' && !data.underThreshold ? (
              <>
                <Line
                  label={t('tax.breakdown.contributions', { rate: percent(data.contributionBasisPoints) })}
                  value={`−${format.sek(data.contributionsOre)}`}
                />
                <Line label={t('tax.breakdown.gross')} value={format.sek(data.grossOre)} />
                <Line
                  label={t('tax.breakdown.tax', { rate: percent(data.taxBasisPoints) })}
                  value={`−${format.sek(data.taxOre)}`}
                />
              </>
            ) : null}
            {data.vatOre > 0 ? <Line label={t('tax.breakdown.vat')} value={`+${format.sek(data.vatOre)}`} /> : null}
            <Line label={t('tax.breakdown.net')} value={format.sek(data.netOre + data.vatOre)} strong />
          </Box>
        </Box>
      )}
      {data?.catchUpContributionsOre ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('tax.breakdown.catchUp', { amount: format.sek(data.catchUpContributionsOre) })}
        </Typography>
      ) : null}
      {data?.underThreshold ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('tax.breakdown.underThreshold')}
        </Typography>
      ) : null}
      {data?.status === 'f_tax' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('tax.breakdown.fTax')}
        </Typography>
      ) : null}
      <Button component={RouterLink} to="/tax" size="small" sx={{ mt: 1, ml: -1 }}>
        {t('tax.breakdown.change')}
      </Button>
    </Card>
  );
}
