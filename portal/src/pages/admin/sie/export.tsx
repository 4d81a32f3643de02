import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { RoleOnly } from '../../../components/auth/role-only';
import { PageHeader } from '../../../components/layout/page-header';
import { useT } from '../../../hooks/use-t';

/** Admins: every ledger posting of a date range as a SIE 4 file, downloaded straight from the API. */
export function AdminSiePage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <SieExport />
    </RoleOnly>
  );
}

function SieExport() {
  const t = useT();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const backwards = valid && from > to;
  return (
    <>
      <PageHeader title={t('admin.sie.title')} intro={t('admin.sie.intro')} />
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="date"
            label={t('admin.sie.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={t('admin.sie.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            required
            error={backwards}
            helperText={backwards ? t('admin.sie.fromAfterTo') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            component="a"
            href={valid && !backwards ? `/api/admin/ledger/sie?from=${from}&to=${to}` : undefined}
            download={`kollab-${from}-${to}.se`}
            variant="contained"
            startIcon={<Download />}
            disabled={!valid || backwards}
            sx={{ alignSelf: { sm: 'center' } }}
          >
            {t('admin.sie.download')}
          </Button>
        </Stack>
        {!valid ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('validation.required')}
          </Alert>
        ) : null}
      </Card>
    </>
  );
}
