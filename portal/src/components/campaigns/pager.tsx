import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useT } from '../../hooks/use-t';

/** Page links with Swedish/English names; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  const count = Math.ceil(total / pageSize);
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
