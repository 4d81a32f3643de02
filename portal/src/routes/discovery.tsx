import TravelExplore from '@mui/icons-material/TravelExplore';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const DiscoveryLayout = lazyNamed(() => import('../components/discovery/discovery-layout'), 'DiscoveryLayout');
const DiscoverySearchPage = lazyNamed(() => import('../pages/discovery/search'), 'DiscoverySearchPage');
const DiscoveryReportPage = lazyNamed(() => import('../pages/discovery/report'), 'DiscoveryReportPage');
const DiscoveryOverlapPage = lazyNamed(() => import('../pages/discovery/overlap'), 'DiscoveryOverlapPage');
const DiscoveryPerformancePage = lazyNamed(() => import('../pages/discovery/performance'), 'DiscoveryPerformancePage');
const DiscoveryEmailsPage = lazyNamed(() => import('../pages/discovery/emails'), 'DiscoveryEmailsPage');
const DiscoveryRawPage = lazyNamed(() => import('../pages/discovery/raw'), 'DiscoveryRawPage');

/**
 * Influencer discovery (brands and admins), mounted inside the signed-in layout (see app.tsx). The
 * layout route adds the status strip and section links to every screen.
 */
export const discoveryRoutes = (
  <Route path="discovery" element={<DiscoveryLayout />}>
    <Route index element={<DiscoverySearchPage />} />
    <Route path="overlap" element={<DiscoveryOverlapPage />} />
    <Route path="performance" element={<DiscoveryPerformancePage />} />
    <Route path="emails" element={<DiscoveryEmailsPage />} />
    <Route path="raw" element={<DiscoveryRawPage />} />
    <Route path=":platform/:userId" element={<DiscoveryReportPage />} />
  </Route>
);

export const discoveryNav: NavItem[] = [
  { to: '/discovery', label: 'discovery.nav.discover', icon: <TravelExplore />, roles: ['brand', 'admin'] },
];
