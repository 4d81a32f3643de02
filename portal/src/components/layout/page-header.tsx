import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The page's h1, an optional intro and an optional action on the right (below it on phones). */
export function PageHeader({ title, intro, action }: { title: string; intro?: ReactNode; action?: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
          {title}
        </Typography>
        {intro ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {intro}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Box>
  );
}
