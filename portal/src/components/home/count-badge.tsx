import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A small rounded number or label beside a heading or an item. A styled span rather than MUI's
 * Chip, which would add its clickable and deletable parts to the home's first load (ADR 034).
 */
export function CountBadge({ children, tone = 'primary' }: { children: ReactNode; tone?: 'primary' | 'secondary' }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        minWidth: 24,
        lineHeight: '24px',
        borderRadius: 12,
        fontSize: '0.8125rem',
        fontWeight: 500,
        textAlign: 'center',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        bgcolor: `${tone}.main`,
        color: `${tone}.contrastText`,
      }}
    >
      {children}
    </Box>
  );
}
