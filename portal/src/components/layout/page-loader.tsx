import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../../hooks/use-t';

/** A centred spinner with an accessible name, for lazy pages and pending data. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
