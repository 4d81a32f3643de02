import type { BankFilePreview } from '@kollab/contract/api/billing';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useFileImport } from '../../../components/admin/use-file-import';
import { RoleOnly } from '../../../components/auth/role-only';
import { PageHeader } from '../../../components/layout/page-header';
import { useMoneyFormat } from '../../../components/money/money';
import { useT } from '../../../hooks/use-t';
import { BankFilePreviewTable } from './preview-table';

/** Admins: upload a BgMax or camt.054 file, see what it will match, then confirm the import. */
export function AdminBankFilesPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <BankFiles />
    </RoleOnly>
  );
}

const FORMAT_NAMES = { bgmax: 'BgMax', camt054: 'camt.054' } as const;

function BankFiles() {
  const t = useT();
  const format = useMoneyFormat();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { file, preview, imported, error, busy, choose, confirm } = useFileImport<BankFilePreview>(
    '/api/admin/bank-files/preview',
    '/api/admin/bank-files',
  );

  const summary = (data: BankFilePreview) =>
    t('admin.bankFiles.preview.summary', {
      format: FORMAT_NAMES[data.format],
      account: data.account,
      count: data.payments.length,
      matched: format.sek(data.totals.matchedOre),
      unmatched: format.sek(data.totals.unmatchedOre),
      paid: data.totals.invoicesPaid,
    });

  return (
    <>
      <PageHeader title={t('admin.bankFiles.title')} intro={t('admin.bankFiles.intro')} />
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".txt,.xml,.dat,text/plain,application/xml,text/xml"
            onChange={(event) => void choose(event)}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
            tabIndex={-1}
            aria-hidden
          />
          <Button
            variant="contained"
            startIcon={<UploadFile />}
            onClick={() => input.current?.click()}
            disabled={busy !== null}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('admin.bankFiles.choose')}
          </Button>
          {file ? <Typography>{t('admin.bankFiles.chosen', { name: file.name })}</Typography> : null}
        </Stack>
        {busy === 'preview' ? (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{t('admin.bankFiles.previewing')}</Typography>
            <LinearProgress aria-label={t('admin.bankFiles.previewing')} />
          </Box>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {imported ? (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            {t('admin.bankFiles.imported', {
              matched: format.sek(imported.totals.matchedOre),
              paid: imported.totals.invoicesPaid,
            })}
          </Alert>
        ) : null}
      </Card>
      {preview ? (
        <Card component="section" aria-labelledby="bank-file-preview" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="bank-file-preview" component="h2" variant="h6" gutterBottom>
            {t('admin.bankFiles.preview.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{summary(preview)}</Typography>
          {preview.alreadyImported ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('admin.bankFiles.preview.alreadyImported')}
            </Alert>
          ) : null}
          {preview.payments.length === 0 ? (
            <Alert severity="info">{t('admin.bankFiles.preview.empty')}</Alert>
          ) : (
            <BankFilePreviewTable preview={preview} caption={t('admin.bankFiles.preview.lines')} />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              loading={busy === 'import'}
              disabled={preview.alreadyImported || preview.payments.length === 0}
            >
              {t('admin.bankFiles.confirm')}
            </Button>
            <Button onClick={() => input.current?.click()} disabled={busy !== null}>
              {t('admin.bankFiles.cancel')}
            </Button>
          </Stack>
        </Card>
      ) : null}
    </>
  );
}
