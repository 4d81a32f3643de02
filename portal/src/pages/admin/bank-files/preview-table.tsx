import type { BankFilePreview } from '@kollab/contract/api/billing';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Tone } from '../../../components/campaigns/tone-chip';
import { ToneChip } from '../../../components/campaigns/tone-chip';
import { useMoneyFormat } from '../../../components/money/money';
import { useT } from '../../../hooks/use-t';

type Outcome = BankFilePreview['payments'][number]['outcome'];

const TONES: Record<Outcome, Tone> = {
  paid: 'success',
  partial: 'info',
  overpaid: 'warning',
  already_paid: 'warning',
  unknown_reference: 'error',
  not_incoming: 'neutral',
  duplicate: 'neutral',
};

/** Each payment line of a bank file and what importing it does (matched, partial, over-paid, unknown, duplicate). */
export function BankFilePreviewTable({ preview, caption }: { preview: BankFilePreview; caption: string }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    // Wider than a phone: it scrolls in its own box, which keyboard users can focus to scroll.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.bankFiles.columns.reference')}</TableCell>
            <TableCell>{t('admin.bankFiles.columns.payer')}</TableCell>
            <TableCell>{t('admin.bankFiles.columns.bookedOn')}</TableCell>
            <TableCell align="right">{t('admin.bankFiles.columns.amount')}</TableCell>
            <TableCell>{t('admin.bankFiles.columns.invoice')}</TableCell>
            <TableCell>{t('admin.bankFiles.columns.outcome')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.payments.map((line) => (
            <TableRow key={line.bankReference}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{line.references.join(', ') || line.bankReference}</TableCell>
              <TableCell>{line.payerName ?? ''}</TableCell>
              <TableCell>{format.date(line.bookedOn)}</TableCell>
              <TableCell align="right">{format.sek(line.amountOre)}</TableCell>
              <TableCell>
                {line.invoice
                  ? t('admin.bankFiles.invoiceOpen', {
                      number: line.invoice.documentNumber,
                      open: format.sek(line.invoice.openOre),
                    })
                  : ''}
              </TableCell>
              <TableCell>
                <ToneChip tone={TONES[line.outcome]} label={t(`admin.bankFiles.outcome.${line.outcome}`)} />
                {line.appliedOre > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('admin.bankFiles.applied', { applied: format.sek(line.appliedOre) })}
                  </Typography>
                ) : null}
                {line.excessOre > 0 && line.invoice ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('admin.bankFiles.excess', { excess: format.sek(line.excessOre) })}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
