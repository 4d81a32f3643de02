import type { NavItem } from './nav';

/** The chat area's routes, mounted inside the signed-in layout (see app.tsx). */
export const chatRoutes = null;

export const chatNav: NavItem[] = [];
