import type { NavItem } from './nav';

/** The admin console's routes, mounted inside the signed-in layout (see app.tsx). */
export const adminRoutes = null;

export const adminNav: NavItem[] = [];
