import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../layout/visually-hidden';
import { CountBadge } from './count-badge';

/**
 * One block of a home: a `section` named by its h2 (screen readers list them as landmarks), an
 * optional count beside the heading, its content and links to the full screens below it.
 */
export function HomeSection({
  title,
  count,
  countLabel,
  links = [],
  children,
}: {
  title: string;
  count?: number;
  /** What the count says to a screen reader, e.g. "2 st". */
  countLabel?: string;
  links?: { to: string; label: string }[];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {title}
          {count !== undefined && count > 0 ? (
            <>
              <Box component="span" aria-hidden sx={{ ml: 1 }}>
                <CountBadge>{count}</CountBadge>
              </Box>
              <Box component="span" sx={visuallyHidden}>
                {`, ${countLabel ?? count}`}
              </Box>
            </>
          ) : null}
        </Typography>
      </Box>
      {children}
      {links.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1.5 }}>
          {links.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to}>
              {link.label}
            </Link>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

/** A list of a section's items, or the text that says there are none. */
export function HomeList({ empty, children }: { empty: ReactNode; children: ReactNode[] }) {
  if (children.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {children}
    </Box>
  );
}

/** One item: a link that names what to do and where, and a line of detail (a date, a count). */
export function HomeItem({
  to,
  label,
  detail,
  aside,
}: {
  to: string;
  label: string;
  detail?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={to} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {label}
        </Link>
        {detail ? (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        ) : null}
      </Box>
      {aside}
    </Box>
  );
}
