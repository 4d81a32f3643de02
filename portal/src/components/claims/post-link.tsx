import type { LinkProps } from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { ExternalLink } from '../campaigns/external-link';

/**
 * A submitted post's link (its address as the text unless `children` says otherwise), or, once the
 * creator's account was erased and the address with it (ADR 022), a note saying so in its place.
 */
export function PostLink({
  url,
  children,
  ...props
}: Omit<LinkProps, 'href' | 'target' | 'rel'> & { url: string | null }) {
  const t = useT();
  if (url === null) {
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        {t('claims.submissions.linkErased')}
      </Typography>
    );
  }
  return (
    <ExternalLink href={url} {...props}>
      {children ?? url}
    </ExternalLink>
  );
}
