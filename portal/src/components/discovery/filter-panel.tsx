import Box from '@mui/material/Box';
import { useT } from '../../hooks/use-t';
import { AudienceFilters, audienceCount } from './filters/audience-filters';
import { ContentFilters, contentCount } from './filters/content-filters';
import { type Change, Group } from './filters/filter-fields';
import { InfluencerFilters, influencerCount } from './filters/influencer-filters';
import { SortFields } from './filters/sort-fields';
import { type SearchState, sortIsUsable } from './search-state';

/**
 * Every search filter the provider has for the platform, in groups: the influencer, their content
 * and contacts, their audience, and the order. Changes go to the draft; the search runs on submit.
 */
export function FilterPanel({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const t = useT();
  const change: Change = (patch) => {
    const next = { ...state, ...patch, page: 1 };
    onChange(sortIsUsable(next, next.sort) ? next : { ...next, sort: 'followers' });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Group title={t('discovery.filters.influencer')} count={influencerCount(state)} defaultExpanded>
        <InfluencerFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.audience')} count={audienceCount(state)}>
        <AudienceFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.content')} count={contentCount(state)}>
        <ContentFilters state={state} change={change} />
      </Group>
      <Group title={t('discovery.filters.order')} count={state.sort === 'followers' && state.dir === 'desc' ? 0 : 1}>
        <SortFields state={state} change={change} />
      </Group>
    </Box>
  );
}
