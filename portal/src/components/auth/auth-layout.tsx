import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../layout/language-switch';
import { Logo } from '../layout/logo';

/**
 * The frame of every signed-out screen: logo, language switch and one card with an h1. The card
 * hangs from the top rather than being centred, so what loads after the first paint (the Google
 * button, once the providers are known) grows it downwards and never moves a field under the pointer.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        gap: 2,
        px: { xs: 1.5, sm: 2 },
        pt: { xs: 2, md: '12vh' },
        pb: { xs: 2, md: 4 },
      }}
    >
      <Box
        sx={{ width: '100%', maxWidth: 460, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Logo />
        <LanguageSwitch />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Typography component="h1" variant="h5" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
