import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';

/** A failed load in the user's language, with a button to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="error"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('money.retry')}
        </Button>
      }
    >
      {errorText(t, error)}
    </Alert>
  );
}
