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
import { AnswerPreviewTable } from './answer-table';
import type { PayoutAnswerPreview } from './types';

/** Admins: upload the bank's answer to a payout file (camt.054 or pain.002), preview it, then import it. */
export function AdminPayoutAnswersPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <Answers />
    </RoleOnly>
  );
}

const FORMAT_NAMES = { camt054: 'camt.054', pain002: 'pain.002' } as const;

function Answers() {
  const t = useT();
  const format = useMoneyFormat();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { file, preview, imported, error, busy, choose, confirm } = useFileImport<PayoutAnswerPreview>(
    '/api/admin/payouts/answers/preview',
    '/api/admin/payouts/answers',
  );
  const totals = (data: PayoutAnswerPreview) => ({
    paid: data.totals.paid,
    paidSum: format.sek(data.totals.paidOre),
    returned: data.totals.returned,
    returnedSum: format.sek(data.totals.returnedOre),
  });
  const changes = preview ? preview.totals.paid + preview.totals.returned : 0;

  return (
    <>
      <PageHeader title={t('payouts.answers.title')} intro={t('payouts.answers.intro')} />
      <Card sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".xml,application/xml,text/xml"
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
            {t('payouts.answers.choose')}
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
            {t('payouts.answers.imported', totals(imported))}
          </Alert>
        ) : null}
      </Card>
      {preview ? (
        <Card component="section" aria-labelledby="payout-answer-preview" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="payout-answer-preview" component="h2" variant="h6" gutterBottom>
            {t('admin.bankFiles.preview.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>
            {t('payouts.answers.summary', {
              format: FORMAT_NAMES[preview.format],
              count: preview.lines.length,
              ...totals(preview),
            })}
          </Typography>
          {preview.alreadyImported ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('admin.bankFiles.preview.alreadyImported')}
            </Alert>
          ) : null}
          {preview.lines.length === 0 ? (
            <Alert severity="info">{t('payouts.answers.empty')}</Alert>
          ) : (
            <AnswerPreviewTable preview={preview} caption={t('payouts.answers.lines')} />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              onClick={() => void confirm()}
              loading={busy === 'import'}
              disabled={preview.alreadyImported || changes === 0}
            >
              {t('payouts.answers.confirm')}
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
