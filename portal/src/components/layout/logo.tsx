import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { SITE_LINKS } from '../../lib/site-links';

const sx = { fontWeight: 800, fontSize: '1.35rem', letterSpacing: '-0.02em', textDecoration: 'none' };

/** The word mark: the dashboard inside the portal (`inApp`), otherwise the website. */
export function Logo({ inApp = false, color = 'primary' }: { inApp?: boolean; color?: 'primary' | 'inherit' }) {
  const t = useT();
  const locale = useLocale();
  return inApp ? (
    <Link component={RouterLink} to="/" color={color} sx={sx} aria-label={t('nav.homeLabel')}>
      {t('app.name')}
    </Link>
  ) : (
    <Link href={SITE_LINKS.home[locale]} color={color} sx={sx} aria-label={t('nav.websiteLabel')}>
      {t('app.name')}
    </Link>
  );
}
