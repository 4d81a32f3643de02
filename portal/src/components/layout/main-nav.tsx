import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { areasFor, currentDestination } from './nav-items';

/**
 * The signed-in areas the user's role can use, as a row of links under the app bar, from MUI's `md`
 * breakpoint up (below it the bottom bar and the drawer take over, ADR 040).
 */
export function MainNav() {
  const t = useT();
  const { data } = useSession();
  const { pathname } = useLocation();
  const items = areasFor(data?.user.role);
  if (items.length === 0) return null;
  const current = currentDestination(items, pathname);
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{
        display: { xs: 'none', md: 'block' },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowX: 'auto',
      }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, px: 3, py: 0.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.to}>
            <Button
              component={RouterLink}
              to={item.to}
              startIcon={item.icon}
              aria-current={item.to === current ? 'page' : undefined}
              sx={{ whiteSpace: 'nowrap', '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
            >
              {t(item.label)}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
