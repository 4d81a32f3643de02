import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useT } from '../../hooks/use-t';

/**
 * Page links with Swedish/English names; hidden when everything fits on one page.
 *
 * With `numberedPages` (a list that may be asked for by number only that far, ADR 036) and a total
 * past it, or estimated, the pager does not number the pages to the end: it shows the first page,
 * the ones around this one and the next page while there is one (`hasNext`), which a list paged by
 * cursor can always reach.
 */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
  numberedPages,
  totalIsEstimate = false,
  hasNext = false,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  numberedPages?: number;
  totalIsEstimate?: boolean;
  hasNext?: boolean;
}) {
  const t = useT();
  const pages = Math.ceil(total / pageSize);
  const openEnded = numberedPages !== undefined && (totalIsEstimate || pages > numberedPages);
  const count = openEnded ? (hasNext ? page + 1 : page) : pages;
  if (count <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={t('campaigns.pager.label')}
      sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}
    >
      <Pagination
        page={page}
        count={count}
        onChange={(_, next) => onChange(next)}
        color="primary"
        getItemAriaLabel={(type, number, selected) => {
          if (type === 'previous') return t('campaigns.pager.previous');
          if (type === 'next') return t('campaigns.pager.next');
          if (type === 'first') return t('campaigns.pager.first');
          if (type === 'last') return t('campaigns.pager.last');
          return selected
            ? t('campaigns.pager.current', { page: number ?? 0 })
            : t('campaigns.pager.page', { page: number ?? 0 });
        }}
      />
    </Box>
  );
}
