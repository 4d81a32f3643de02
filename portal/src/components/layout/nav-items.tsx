import Home from '@mui/icons-material/Home';
import type { MessageKey } from '../../providers/i18n-provider';
import { adminNav } from '../../routes/admin';
import { billingNav } from '../../routes/billing';
import { campaignNav } from '../../routes/campaigns';
import { chatNav } from '../../routes/chat';
import { discoveryNav } from '../../routes/discovery';
import { moneyNav } from '../../routes/money';
import type { NavItem } from '../../routes/nav';
import { paymentNav } from '../../routes/payments';
import { taxNav } from '../../routes/tax';

export type Role = NavItem['roles'][number];

const HOME: NavItem = { to: '/', label: 'nav.home', icon: <Home />, roles: ['creator', 'brand', 'admin'] };

const AREAS = [
  ...campaignNav,
  ...discoveryNav,
  ...chatNav,
  ...moneyNav,
  ...taxNav,
  ...paymentNav,
  ...billingNav,
  ...adminNav,
];

/**
 * The phone's bottom bar: the home and the role's most used areas (at most five, ADR 040), each with
 * a label short enough for a fifth of 360 px.
 */
const BOTTOM: Record<Role, { to: string; label: MessageKey }[]> = {
  creator: [
    { to: '/', label: 'nav.short.home' },
    { to: '/campaigns', label: 'nav.short.campaigns' },
    { to: '/claims', label: 'nav.short.claims' },
    { to: '/messages', label: 'nav.short.messages' },
    { to: '/earnings', label: 'nav.short.earnings' },
  ],
  brand: [
    { to: '/', label: 'nav.short.home' },
    { to: '/brand/campaigns', label: 'nav.short.campaigns' },
    { to: '/discovery', label: 'nav.short.discover' },
    { to: '/messages', label: 'nav.short.messages' },
    { to: '/billing', label: 'nav.short.billing' },
  ],
  admin: [
    { to: '/', label: 'nav.short.home' },
    { to: '/admin', label: 'nav.short.admin' },
    { to: '/admin/withdrawals', label: 'nav.short.payouts' },
    { to: '/discovery', label: 'nav.short.discover' },
    { to: '/messages', label: 'nav.short.messages' },
  ],
};

/** Every area the role can use, in the top navigation's order (without the home). */
export function areasFor(role: Role | undefined): NavItem[] {
  return role ? AREAS.filter((item) => item.roles.includes(role)) : [];
}

/** The drawer's list: the home, then every area of the role. */
export function destinationsFor(role: Role | undefined): NavItem[] {
  return role ? [HOME, ...areasFor(role)] : [];
}

/** The bottom bar's entries, with the icons of the full list. */
export function bottomItemsFor(role: Role | undefined): (NavItem & { shortLabel: MessageKey })[] {
  if (!role) return [];
  const all = destinationsFor(role);
  return BOTTOM[role].flatMap((entry) => {
    const item = all.find((candidate) => candidate.to === entry.to);
    return item ? [{ ...item, shortLabel: entry.label }] : [];
  });
}

/**
 * The destination the address belongs to: the longest `to` that is the path or a parent of it
 * (`/admin/withdrawals` is Payouts, not Admin; the home only on itself).
 */
export function currentDestination(items: { to: string }[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const { to } of items) {
    const matches = to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
    if (matches && (!best || to.length > best.length)) best = to;
  }
  return best;
}
