import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useT } from '../hooks/use-t';

export function NotFoundPage() {
  const t = useT();
  return (
    <Box component="main" sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('pages.error.404')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('pages.error.backHome')}
      </Button>
    </Box>
  );
}
