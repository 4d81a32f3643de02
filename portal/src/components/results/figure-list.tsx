import type { FiguresView } from '@kollab/contract/api/results';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { figureRows, useResultsFormat } from './use-results-format';

/** The figures as a grid of small cards (a `dl`: each label names its value). */
export function FigureList({ figures }: { figures: FiguresView }) {
  const t = useT();
  const format = useResultsFormat();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {figureRows(t, format, figures).map((row) => (
        <Card key={row.key} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {row.value}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}
