import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../layout/visually-hidden';

/** Text for screen readers only; `role="status"` makes it a polite live region. */
export function VisuallyHidden({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <Box component="span" role={role} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
