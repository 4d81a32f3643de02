import Assignment from '@mui/icons-material/Assignment';
import Campaign from '@mui/icons-material/Campaign';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import Storefront from '@mui/icons-material/Storefront';
import { Route } from 'react-router';
import { lazyNamed } from '../lib/lazy-named';
import type { NavItem } from './nav';

const CampaignsPage = lazyNamed(() => import('../pages/campaigns/list'), 'CampaignsPage');
const CampaignPage = lazyNamed(() => import('../pages/campaigns/show'), 'CampaignPage');
const InvitationsPage = lazyNamed(() => import('../pages/invitations/list'), 'InvitationsPage');
const ClaimsPage = lazyNamed(() => import('../pages/claims/list'), 'ClaimsPage');
const ClaimPage = lazyNamed(() => import('../pages/claims/show'), 'ClaimPage');
const BrandCampaignsPage = lazyNamed(() => import('../pages/brand/campaigns/list'), 'BrandCampaignsPage');
const BrandCampaignPage = lazyNamed(() => import('../pages/brand/campaigns/show'), 'BrandCampaignPage');
const BrandCampaignFormPage = lazyNamed(() => import('../pages/brand/campaigns/form'), 'BrandCampaignFormPage');

/** The campaigns area's routes, mounted inside the signed-in layout (see app.tsx); every page is its own chunk. */
export const campaignRoutes = (
  <>
    <Route path="campaigns" element={<CampaignsPage />} />
    <Route path="campaigns/:id" element={<CampaignPage />} />
    <Route path="invitations" element={<InvitationsPage />} />
    <Route path="claims" element={<ClaimsPage />} />
    <Route path="claims/:id" element={<ClaimPage />} />
    <Route path="brand/campaigns" element={<BrandCampaignsPage />} />
    <Route path="brand/campaigns/new" element={<BrandCampaignFormPage />} />
    <Route path="brand/campaigns/:id" element={<BrandCampaignPage />} />
    <Route path="brand/campaigns/:id/edit" element={<BrandCampaignFormPage />} />
    <Route path="brand/campaigns/:id/:tab" element={<BrandCampaignPage />} />
  </>
);

export const campaignNav: NavItem[] = [
  { to: '/campaigns', label: 'campaigns.nav.campaigns', icon: <Campaign />, roles: ['creator'] },
  { to: '/invitations', label: 'campaigns.nav.invitations', icon: <MarkEmailUnread />, roles: ['creator'] },
  { to: '/claims', label: 'campaigns.nav.claims', icon: <Assignment />, roles: ['creator'] },
  { to: '/brand/campaigns', label: 'campaigns.nav.brandCampaigns', icon: <Storefront />, roles: ['brand'] },
];
