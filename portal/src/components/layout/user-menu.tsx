import Person from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../hooks/use-t';
import type { SessionUser } from '../../lib/auth-client';
import { errorText } from '../../lib/error-text';
import { lazyNamed } from '../../lib/lazy-named';
import { notificationProvider } from '../../providers/notification-provider';
import { signOut } from '../../providers/session';

// The menu (MUI's Menu, Popover, Modal) loads on the first click: the home shows only the button.
const UserMenuList = lazyNamed(() => import('./user-menu-list'), 'UserMenuList');

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function UserMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const onSignOut = async () => {
    close();
    try {
      await signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      // The store Refine's notifications use, without Refine: the home does not load it.
      notificationProvider.open({ type: 'error', message: errorText(t, error) });
    }
  };
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('nav.userMenu', { name: user.name })}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user.image ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {/* An icon, not initials: visible text would have to be part of the button's name. */}
          <Person />
        </Avatar>
      </IconButton>
      {anchor ? (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} anchor={anchor} user={user} onClose={close} onSignOut={onSignOut} />
        </Suspense>
      ) : null}
    </>
  );
}
