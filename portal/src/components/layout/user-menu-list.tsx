import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { SessionUser } from '../../lib/auth-client';

interface UserMenuListProps {
  id: string;
  anchor: HTMLElement;
  user: SessionUser;
  onClose: () => void;
  onSignOut: () => void;
}

/** The user menu's items (account, payment methods, sign out), mounted while it is open. */
export function UserMenuList({ id, anchor, user, onClose, onSignOut }: UserMenuListProps) {
  const t = useT();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <ListItemText primary={user.name} secondary={user.email} sx={{ px: 2, pb: 1, my: 0 }} />
      <Divider />
      <MenuItem component={RouterLink} to="/account" onClick={onClose}>
        {t('nav.account')}
      </MenuItem>
      <MenuItem component={RouterLink} to="/payment-methods" onClick={onClose}>
        {t('nav.paymentMethods')}
      </MenuItem>
      <Divider />
      <MenuItem onClick={onSignOut}>{t('buttons.logout')}</MenuItem>
    </Menu>
  );
}
