import type { CreatorEarningView } from '@kollab/contract/api/tax';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';

/** Creators: each accepted claim's split: gross, employer contributions, tax and net (ADR 028). */
export function TaxEarnings() {
  const t = useT();
  const format = useMoneyFormat();
  const titleId = useId();
  const { data } = useApiQuery<CreatorEarningView[]>('/api/tax/earnings');
  if (!data) return null;
  const number = (ore: number) => (
    <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {format.sek(ore)}
    </Typography>
  );
  return (
    <Box sx={{ mt: 4 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('tax.earnings.title')}
      </Typography>
      {data.length === 0 ? (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('tax.earnings.empty')}</Typography>
        </Card>
      ) : (
        <Card tabIndex={0} role="region" aria-label={t('tax.earnings.title')} sx={{ overflowX: 'auto' }}>
          <Table aria-labelledby={titleId} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('tax.earnings.campaign')}</TableCell>
                <TableCell>{t('tax.earnings.date')}</TableCell>
                <TableCell align="right">{t('tax.earnings.gross')}</TableCell>
                <TableCell align="right">{t('tax.earnings.contributions')}</TableCell>
                <TableCell align="right">{t('tax.earnings.tax')}</TableCell>
                <TableCell align="right">{t('tax.earnings.net')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((earning) => (
                <TableRow key={earning.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                    {earning.campaignTitle}
                    <Typography variant="body2" color="text.secondary">
                      {t(`tax.status.${earning.status}`)}
                      {earning.selfBillingNumber ? (
                        <>
                          {' · '}
                          <Link
                            href={`/api/tax/earnings/${earning.id}/self-billing.pdf`}
                            download
                            aria-label={t('tax.earnings.selfBillingLabel', { number: earning.selfBillingNumber })}
                          >
                            {t('tax.earnings.selfBilling', { number: earning.selfBillingNumber })}
                          </Link>
                        </>
                      ) : null}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(earning.paidOn)}</TableCell>
                  <TableCell align="right">{number(earning.grossOre)}</TableCell>
                  <TableCell align="right">{number(earning.contributionsOre)}</TableCell>
                  <TableCell align="right">{number(earning.taxOre)}</TableCell>
                  <TableCell align="right">{number(earning.netOre + earning.vatOre)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}
