import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type Tone, ToneChip } from '../../../components/campaigns/tone-chip';
import { useMoneyFormat } from '../../../components/money/money';
import { useT } from '../../../hooks/use-t';
import type { AnswerEffect, PayoutAnswerPreview } from './types';

const TONES: Record<AnswerEffect, Tone> = {
  paid: 'success',
  returned: 'warning',
  no_change: 'neutral',
  unknown_reference: 'error',
  amount_mismatch: 'error',
};

/** Each line of a bank answer: the payout it names, what the bank says and what importing does. */
export function AnswerPreviewTable({ preview, caption }: { preview: PayoutAnswerPreview; caption: string }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    // Wider than a phone: it scrolls in its own box, which keyboard users can focus to scroll.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={caption} sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payouts.list.columns.reference')}</TableCell>
            <TableCell>{t('payouts.answers.columns.bank')}</TableCell>
            <TableCell align="right">{t('payouts.list.columns.amount')}</TableCell>
            <TableCell>{t('payouts.list.columns.reason')}</TableCell>
            <TableCell>{t('payouts.answers.columns.effect')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.lines.map((line, index) => (
            // The same reference may come twice (paid, then returned): the index tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
            <TableRow key={`${line.endToEndId}-${index}`}>
              <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{line.endToEndId}</TableCell>
              <TableCell>{t(`payouts.answers.outcome.${line.outcome}`)}</TableCell>
              <TableCell align="right">{line.amountOre === null ? '' : format.sek(line.amountOre)}</TableCell>
              <TableCell>{line.reason ?? ''}</TableCell>
              <TableCell>
                <ToneChip tone={TONES[line.effect]} label={t(`payouts.answers.effect.${line.effect}`)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
