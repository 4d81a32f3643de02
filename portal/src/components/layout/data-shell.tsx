import { type ComponentType, use } from 'react';
import { Outlet, useLocation } from 'react-router';
import { registerPart, useRenderedPart } from '../../lib/lazy-named';
import { loadAreaTexts } from '../../providers/i18n-provider';

let Shell: ComponentType | null = null;
let loading: Promise<void> | null = null;

/** Refine (data, auth, notifications) and the areas' texts, once; main.tsx starts it early for a data page. */
export function loadShell(): Promise<void> {
  loading ??= Promise.all([import('../../refine-shell'), loadAreaTexts()]).then(([module]) => {
    Shell = module.RefineShell;
  });
  return loading;
}

// A page rendered on the server inside Refine hydrates once Refine is loaded (lib/lazy-named.tsx).
registerPart('RefineShell', { load: loadShell, isLoaded: () => Shell !== null });

/**
 * Refine around the signed-in pages, loaded with the areas' texts by the first page that needs
 * them. The home (`/`) needs neither and renders without them; once loaded, Refine stays mounted,
 * so its query cache survives a visit home.
 */
export function DataShell({ always = false }: { always?: boolean }) {
  const { pathname } = useLocation();
  const needsShell = always || pathname !== '/';
  // A page that needs Refine: the browser loads it before it hydrates the page. (The home
  // renders the same markup with or without it, and the browser's first load has it without.)
  useRenderedPart(needsShell ? 'RefineShell' : '');
  if (!Shell && needsShell) use(loadShell());
  return Shell ? <Shell /> : <Outlet />;
}
