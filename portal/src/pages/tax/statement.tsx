import type { YearlyStatement } from '@kollab/contract/api/tax';
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RoleOnly } from '../../components/auth/role-only';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { LoadError } from '../../components/money/load-error';
import { useMoneyFormat } from '../../components/money/money';
import { TaxEarnings } from '../../components/tax/tax-earnings';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';

/** Creators: the yearly statement (paid, withheld, reported per month) and its PDF. */
export function TaxStatementPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <Statement />
    </RoleOnly>
  );
}

function Statement() {
  const t = useT();
  const locale = useLocale();
  const format = useMoneyFormat();
  const tableId = useId();
  const thisYear = Number(
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric' }).format(new Date()),
  );
  const [year, setYear] = useState(thisYear);
  const { data, isLoading, error, refetch } = useApiQuery<YearlyStatement>(`/api/tax/statement?year=${year}`);
  const kr = (value: number) => value.toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB');
  const download = (
    <Button
      component="a"
      href={`/api/tax/statement.pdf?year=${year}&locale=${locale}`}
      download={`kollab-statement-${year}.pdf`}
      variant="contained"
      startIcon={<Download />}
    >
      {t('tax.statement.download')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('tax.statement.title')} intro={t('tax.statement.intro')} action={download} />
      <Stack direction="row" sx={{ mb: 2 }}>
        <TextField
          select
          label={t('tax.statement.year')}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ minWidth: 140 }}
        >
          {[thisYear, thisYear - 1, thisYear - 2].map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data && data.months.length === 0 ? (
        <Card sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('tax.statement.empty')}</Typography>
        </Card>
      ) : null}
      {data && data.months.length > 0 ? (
        <Card
          tabIndex={0}
          role="region"
          aria-label={`${t('tax.statement.title')} ${data.year}`}
          sx={{ overflowX: 'auto' }}
        >
          <Typography id={tableId} component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
            {t('tax.statement.title')} {data.year}
          </Typography>
          <Table aria-labelledby={tableId} size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('tax.statement.month')}</TableCell>
                <TableCell align="right">{t('tax.earnings.gross')}</TableCell>
                <TableCell align="right">{t('tax.earnings.contributions')}</TableCell>
                <TableCell align="right">{t('tax.earnings.tax')}</TableCell>
                <TableCell align="right">{t('tax.earnings.net')}</TableCell>
                <TableCell align="right">{t('tax.statement.reported')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {[...data.months, { period: t('tax.statement.total'), ...data.totals }].map((month, index) => {
                const strong = index === data.months.length ? { fontWeight: 700 } : {};
                return (
                  <TableRow key={month.period}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', ...strong }}>
                      {month.period}
                    </TableCell>
                    <TableCell align="right" sx={strong}>
                      {format.sek(month.grossOre)}
                    </TableCell>
                    <TableCell align="right" sx={strong}>
                      {format.sek(month.contributionsOre)}
                    </TableCell>
                    <TableCell align="right" sx={strong}>
                      {format.sek(month.taxOre)}
                    </TableCell>
                    <TableCell align="right" sx={strong}>
                      {format.sek(month.netOre)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...strong }}>
                      {kr(month.reportedGrossKr)} / {kr(month.reportedTaxKr)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Card>
      ) : null}
      <TaxEarnings />
    </>
  );
}
