import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A centred card for "nothing here yet" and "nothing found", with an optional way forward. */
export function EmptyState({ title, body, action }: { title: string; body: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{body}</Typography>
      {action ? <div style={{ marginTop: 16 }}>{action}</div> : null}
    </Card>
  );
}
