import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';

/** Shows creator screens to creators only; others get a short note (the API refuses them anyway). */
export function CreatorsOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const { data } = useSession();
  if (data?.user.role === 'creator') return children;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/" color="inherit" size="small">
          {t('pages.error.backHome')}
        </Button>
      }
    >
      {t('creator.onlyCreators')}
    </Alert>
  );
}
