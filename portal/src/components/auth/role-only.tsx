import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { Role } from '../../lib/auth-client';
import type { MessageKey } from '../../providers/i18n-provider';
import { useSession } from '../../providers/session';

/** Shows a screen to the allowed roles; others get a short note (the API refuses them anyway). */
export function RoleOnly({ allow, note, children }: { allow: Role[]; note: MessageKey; children: ReactNode }) {
  const t = useT();
  const { data } = useSession();
  const role = data?.user.role;
  if (role && allow.includes(role)) return children;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/" color="inherit" size="small">
          {t('pages.error.backHome')}
        </Button>
      }
    >
      {t(note)}
    </Alert>
  );
}
