import Close from '@mui/icons-material/Close';
import CreditCard from '@mui/icons-material/CreditCard';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Person from '@mui/icons-material/Person';
import Savings from '@mui/icons-material/Savings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useSession } from '../../providers/session';
import type { NavItem } from '../../routes/nav';
import { LanguageSwitch } from './language-switch';
import { currentDestination, destinationsFor } from './nav-items';

/** The account's pages (on wide screens in the user menu and on the home), at the drawer's end. */
const ACCOUNT: NavItem[] = [
  { to: '/profile', label: 'nav.profile', icon: <Person />, roles: ['creator'] },
  { to: '/withdrawal', label: 'nav.withdrawal', icon: <Savings />, roles: ['creator'] },
  { to: '/account', label: 'nav.account', icon: <ManageAccounts />, roles: ['creator', 'brand', 'admin'] },
  { to: '/payment-methods', label: 'nav.paymentMethods', icon: <CreditCard />, roles: ['creator', 'brand', 'admin'] },
];

/**
 * Every destination of the role, in a drawer from the left edge (phones, below `md`). MUI's modal
 * traps focus inside while it is open and gives it back to the menu button when it closes; the
 * current destination (or the first) takes focus on opening.
 */
export function NavDrawer({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const t = useT();
  const { data } = useSession();
  const { pathname } = useLocation();
  const titleId = useId();
  const accountId = useId();
  const role = data?.user.role;
  const items = destinationsFor(role);
  const account = ACCOUNT.filter((item) => role && item.roles.includes(role));
  const current = currentDestination([...items, ...account], pathname);
  const focused = current ?? items[0]?.to;
  const link = (item: NavItem) => (
    <ListItem key={item.to} disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.to}
        onClick={onClose}
        autoFocus={item.to === focused}
        selected={item.to === current}
        aria-current={item.to === current ? 'page' : undefined}
        sx={{ minHeight: 48 }}
      >
        <ListItemIcon sx={{ color: item.to === current ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
        <ListItemText primary={t(item.label)} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: 'min(320px, 85vw)', pt: 'env(safe-area-inset-top)', pb: 'env(safe-area-inset-bottom)' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t('nav.main')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('nav.closeMenu')} edge="end">
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box component="nav" aria-labelledby={titleId}>
        <List>{items.map(link)}</List>
        <Divider />
        <List
          aria-labelledby={accountId}
          subheader={<ListSubheader id={accountId}>{t('nav.accountSection')}</ListSubheader>}
        >
          {account.map(link)}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <LanguageSwitch />
      </Box>
    </Drawer>
  );
}
