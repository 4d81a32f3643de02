import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { NavLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import { adminNav } from '../../routes/admin';
import { billingNav } from '../../routes/billing';
import { campaignNav } from '../../routes/campaigns';
import { chatNav } from '../../routes/chat';
import { discoveryNav } from '../../routes/discovery';
import { moneyNav } from '../../routes/money';
import { paymentNav } from '../../routes/payments';
import { taxNav } from '../../routes/tax';

const ITEMS = [
  ...campaignNav,
  ...discoveryNav,
  ...chatNav,
  ...moneyNav,
  ...taxNav,
  ...paymentNav,
  ...billingNav,
  ...adminNav,
];

/** The signed-in areas the user's role can use, as a scrollable row of links under the app bar. */
export function MainNav() {
  const t = useT();
  const { data } = useSession();
  const role = data?.user.role;
  const items = ITEMS.filter((item) => role && item.roles.includes(role));
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('nav.main')}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', overflowX: 'auto' }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, px: { xs: 1, md: 3 }, py: 0.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.to}>
            <Button
              component={NavLink}
              to={item.to}
              startIcon={item.icon}
              sx={{ whiteSpace: 'nowrap', '&.active': { bgcolor: 'action.selected' } }}
            >
              {t(item.label)}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
