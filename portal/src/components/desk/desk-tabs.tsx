import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';

export const DESK_TABS = ['overview', 'creators', 'content', 'messages', 'results'] as const;
export type DeskTab = (typeof DESK_TABS)[number];

export const isDeskTab = (value: string | undefined): value is DeskTab => DESK_TABS.some((tab) => tab === value);

/** The tab's own address: the overview is the campaign's, every other tab one segment below. */
export const deskTabPath = (campaignId: string, tab: DeskTab) =>
  `/brand/campaigns/${encodeURIComponent(campaignId)}${tab === 'overview' ? '' : `/${tab}`}`;

/**
 * The campaign desk's tabs as links: each tab is an address (a reload, a shared link or the back
 * button opens it), arrow keys move between tabs (MUI's roving focus) and Enter opens one. Only
 * the chosen tab points at its panel; the others' panels are not rendered.
 */
export function DeskTabs({
  campaignId,
  current,
  labels,
  label,
  panel,
}: {
  campaignId: string;
  current: DeskTab;
  labels: Record<DeskTab, string>;
  label: string;
  panel: ReactNode;
}) {
  const baseId = useId();
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={current} aria-label={label} variant="scrollable" allowScrollButtonsMobile>
          {DESK_TABS.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={labels[tab]}
              component={RouterLink}
              to={deskTabPath(campaignId, tab)}
              id={`${baseId}-tab-${tab}`}
              aria-controls={tab === current ? `${baseId}-panel` : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current}`}>
        {panel}
      </div>
    </>
  );
}
