import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { Role } from '../../lib/auth-client';
import { useSession } from '../../providers/session';

/** Shows a screen to one role only; others get a short note (the API refuses them anyway). */
export function RoleOnly({ allow, children }: { allow: Role; children: ReactNode }) {
  const t = useT();
  const { data } = useSession();
  if (data?.user.role === allow) return children;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/" color="inherit" size="small">
          {t('pages.error.backHome')}
        </Button>
      }
    >
      {t(allow === 'admin' ? 'money.onlyAdmins' : 'creator.onlyCreators')}
    </Alert>
  );
}
