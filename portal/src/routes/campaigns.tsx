import type { NavItem } from './nav';

/** The campaigns area's routes, mounted inside the signed-in layout (see app.tsx). */
export const campaignRoutes = null;

export const campaignNav: NavItem[] = [];
