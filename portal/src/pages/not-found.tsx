import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@refinedev/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  const t = useTranslate();
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
