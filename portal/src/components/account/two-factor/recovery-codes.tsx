import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '../../../hooks/use-t';

/** Recovery codes, shown once: to copy, download or print before they are gone. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = `${t('account.twoFactor.codesFileHeader')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kollab-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('account.twoFactor.codesOnce')}</Alert>
      <Box
        component="ol"
        aria-label={t('account.twoFactor.codesLabel')}
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          columns: { xs: 1, sm: 2 },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t('account.twoFactor.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('account.twoFactor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('account.twoFactor.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
