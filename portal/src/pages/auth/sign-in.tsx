import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@refinedev/core';

export function SignInPage() {
  const t = useTranslate();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 440, width: '100%' }}>
        <CardContent sx={{ p: 4 }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {t('auth.signIn.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('auth.signIn.intro')}
          </Typography>
          <Button variant="outlined" href="/">
            {t('app.visitWebsite')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
