import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Text for screen readers only; `role="status"` makes it a polite live region. */
export function VisuallyHidden({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <Box component="span" role={role} sx={HIDDEN}>
      {children}
    </Box>
  );
}
