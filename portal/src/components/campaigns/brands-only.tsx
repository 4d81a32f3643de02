import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';

/** Shows brand screens to brands (and admins); others get a short note, as the API refuses them. */
export function BrandsOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const { data } = useSession();
  const role = data?.user.role;
  if (role === 'brand' || role === 'admin') return children;
  return (
    <Alert
      severity="info"
      action={
        <Button component={RouterLink} to="/" color="inherit" size="small">
          {t('pages.error.backHome')}
        </Button>
      }
    >
      {t('brandCampaigns.onlyBrands')}
    </Alert>
  );
}
