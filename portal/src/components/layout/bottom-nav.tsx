import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { bottomItemsFor, currentDestination } from './nav-items';

/** The bar's height (border included) without the safe area; the layout keeps this much room under the page. */
export const BOTTOM_NAV_HEIGHT = 64;

/**
 * The phone's navigation below MUI's `md` breakpoint: the role's most used destinations, fixed to
 * the bottom edge above the home indicator (`env(safe-area-inset-bottom)`). Every destination is
 * in the drawer (menu button in the app bar).
 */
export function BottomNav() {
  const t = useT();
  const { data } = useSession();
  const { pathname } = useLocation();
  const items = bottomItemsFor(data?.user.role);
  if (items.length === 0) return null;
  const current = currentDestination(items, pathname);
  return (
    <Box
      component="nav"
      aria-label={t('nav.bottom')}
      sx={{
        display: { xs: 'block', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
        pl: 'env(safe-area-inset-left)',
        pr: 'env(safe-area-inset-right)',
      }}
    >
      <Box component="ul" sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0, height: BOTTOM_NAV_HEIGHT - 1 }}>
        {items.map((item) => {
          const isCurrent = item.to === current;
          return (
            <Box component="li" key={item.to} sx={{ flex: '1 1 0', minWidth: 0, display: 'flex' }}>
              <ButtonBase
                component={RouterLink}
                to={item.to}
                aria-current={isCurrent ? 'page' : undefined}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  flexDirection: 'column',
                  gap: 0.25,
                  px: 0,
                  color: isCurrent ? 'primary.main' : 'text.secondary',
                  // One weight for both states, so the current label is no wider than it was.
                  fontSize: '0.6875rem',
                  fontWeight: 500,
                  lineHeight: 1.2,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
                  '& .MuiSvgIcon-root': { fontSize: 24 },
                }}
              >
                <Box
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 56,
                    height: 28,
                    borderRadius: 14,
                    bgcolor: isCurrent ? 'action.selected' : 'transparent',
                  }}
                >
                  {item.icon}
                </Box>
                <Box
                  component="span"
                  sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {t(item.shortLabel)}
                </Box>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
