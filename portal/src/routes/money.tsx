import type { NavItem } from './nav';

/** The money area's routes, mounted inside the signed-in layout (see app.tsx). */
export const moneyRoutes = null;

export const moneyNav: NavItem[] = [];
