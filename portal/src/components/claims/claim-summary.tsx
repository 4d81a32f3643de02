import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { DefinitionList } from '../campaigns/definition-list';
import type { ClaimDetails } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { ClaimStatusChip } from './claim-status-chip';

/** Status, campaign, the other party, payout, revision rounds and the claim's dates. */
export function ClaimSummary({ claim, isBrandView }: { claim: ClaimDetails; isBrandView: boolean }) {
  const t = useT();
  const format = useFormat();
  const campaignLink = isBrandView ? `/brand/campaigns/${claim.campaign.id}` : `/campaigns/${claim.campaign.id}`;
  const rows = [
    { label: t('claims.summary.status'), value: <ClaimStatusChip status={claim.status} /> },
    {
      label: t('claims.summary.campaign'),
      value: (
        <Link component={RouterLink} to={campaignLink}>
          {claim.campaign.title}
        </Link>
      ),
    },
    isBrandView
      ? { label: t('claims.summary.creator'), value: claim.creator.name }
      : { label: t('claims.summary.brand'), value: claim.campaign.brandName },
    { label: t('claims.summary.payout'), value: format.money(claim.payoutOre) },
    {
      label: t('claims.summary.revisions'),
      value: t('claims.summary.revisionsValue', { used: claim.revisionsUsed, max: claim.campaign.maxRevisions }),
    },
    { label: t('claims.summary.createdAt'), value: format.dateTime(claim.createdAt) },
  ];
  if (claim.autoAcceptAt && claim.status === 'submitted') {
    rows.push({ label: t('claims.summary.autoAcceptAt'), value: format.dateTime(claim.autoAcceptAt) });
  }
  if (claim.acceptedAt) rows.push({ label: t('claims.summary.acceptedAt'), value: format.dateTime(claim.acceptedAt) });
  return <DefinitionList rows={rows} />;
}
