import Chip from '@mui/material/Chip';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';

/** The claim's creator's tax status, for the brand: a private person (Kollab pays employer contributions) or F-skatt. */
export function TaxStatusChip({ claimId }: { claimId: string }) {
  const t = useT();
  const { data } = useApiQuery<{ status: 'private' | 'f_tax'; saved: boolean }>(
    `/api/tax/claims/${encodeURIComponent(claimId)}/status`,
  );
  if (!data) return null;
  const status = t(`tax.status.${data.status}`);
  return (
    <Chip
      label={status}
      aria-label={t('tax.status.chipLabel', { status })}
      variant="outlined"
      color={data.status === 'f_tax' ? 'primary' : 'default'}
    />
  );
}
