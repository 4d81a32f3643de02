import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs whose choice is kept in the URL (`?tab=`), so a reload or a shared link opens the same
 * tab; scrollable on phones. The first tab is the default.
 */
export function TabPanels<K extends string>({ label, tabs }: { label: string; tabs: TabItem<K>[] }) {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const current = tabs.find((tab) => tab.key === params.get('tab')) ?? first;
  if (!current) return null;
  const select = (key: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (key === first?.key) next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) => select(key)}
          aria-label={label}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`${baseId}-tab-${tab.key}`}
              aria-controls={`${baseId}-panel-${tab.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${baseId}-panel-${current.key}`} aria-labelledby={`${baseId}-tab-${current.key}`}>
        {current.panel}
      </div>
    </>
  );
}
