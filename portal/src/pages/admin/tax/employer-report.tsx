import type { EmployerReport } from '@kollab/contract/api/tax';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RoleOnly } from '../../../components/auth/role-only';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { LoadError } from '../../../components/money/load-error';
import { useApiQuery } from '../../../hooks/use-api-query';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';

/** Admins: a month's employer declaration (AGI): a preview, the XML for Skatteverket and a CSV. */
export function AdminEmployerReportPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <EmployerReportView />
    </RoleOnly>
  );
}

function lastMonth(): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

function EmployerReportView() {
  const t = useT();
  const locale = useLocale();
  const tableId = useId();
  const [period, setPeriod] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  const { data, isLoading, error, refetch } = useApiQuery<EmployerReport>(
    `/api/admin/tax/employer-report?period=${period}`,
    { enabled: valid },
  );
  const kr = (value: number) => value.toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB');
  const file = (format: 'xml' | 'csv') => (
    <Button
      component="a"
      href={valid ? `/api/admin/tax/employer-report?period=${period}&format=${format}` : undefined}
      download={`kollab-agi-${period}.${format}`}
      variant={format === 'xml' ? 'contained' : 'outlined'}
      startIcon={<Download />}
      disabled={!valid}
    >
      {t(format === 'xml' ? 'tax.report.xml' : 'tax.report.csv')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('tax.report.title')} intro={t('tax.report.intro')} />
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            type="month"
            label={t('tax.report.month')}
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            required
            error={!valid}
            helperText={valid ? undefined : t('validation.invalid_period')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {file('xml')}
          {file('csv')}
        </Stack>
      </Card>
      {isLoading ? <PageLoader /> : null}
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {data ? (
        <>
          {data.missingPersonalNumbers > 0 ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('tax.report.missing', { count: data.missingPersonalNumbers })}
            </Alert>
          ) : null}
          <Typography role="status" sx={{ mb: 2 }}>
            {t('tax.report.totals', { contributions: kr(data.totalContributionsKr), tax: kr(data.totalTaxKr) })}
          </Typography>
          {data.persons.length === 0 ? (
            <Card sx={{ p: 3 }}>
              <Typography color="text.secondary">{t('tax.report.empty')}</Typography>
            </Card>
          ) : (
            <Card
              tabIndex={0}
              role="region"
              aria-label={`${t('tax.report.title')} ${data.period}`}
              sx={{ overflowX: 'auto' }}
            >
              <Table aria-labelledby={tableId} size="small">
                <caption id={tableId} style={{ captionSide: 'top', textAlign: 'left', padding: 16 }}>
                  {t('tax.report.title')} {data.period}
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('tax.report.person')}</TableCell>
                    <TableCell>{t('tax.report.name')}</TableCell>
                    <TableCell align="right">{t('tax.report.gross')}</TableCell>
                    <TableCell align="right">{t('tax.report.tax')}</TableCell>
                    <TableCell align="right">{t('tax.report.contributions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.persons.map((person) => (
                    <TableRow key={person.personalNumberMasked + person.name}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.personalNumberMasked}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{person.name}</TableCell>
                      <TableCell align="right">{kr(person.grossKr)}</TableCell>
                      <TableCell align="right">{kr(person.taxKr)}</TableCell>
                      <TableCell align="right">{kr(person.contributionsKr)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
          )}
        </>
      ) : null}
    </>
  );
}
