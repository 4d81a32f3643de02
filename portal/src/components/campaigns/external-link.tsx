import Link, { type LinkProps } from '@mui/material/Link';
import { useT } from '../../hooks/use-t';
import { VisuallyHidden } from './visually-hidden';

/** A link to another site: new tab, no opener or referrer, and "opens in a new tab" for screen readers. */
export function ExternalLink({ children, ...props }: Omit<LinkProps, 'target' | 'rel'>) {
  const t = useT();
  return (
    <Link {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden>{` (${t('campaigns.opensInNewTab')})`}</VisuallyHidden>
    </Link>
  );
}
