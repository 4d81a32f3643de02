import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useDiscoveryFormat } from './use-discovery';

export interface Bar {
  key: string;
  label: string;
  /** A share between 0 and 1. */
  value: number;
}

/**
 * Horizontal bars for shares of an audience. Each bar is a list item whose text says the label
 * and the percentage, so screen readers get the numbers and the drawn bar is decoration.
 */
export function BarList({
  title,
  bars,
  limit = 10,
  emptyText,
}: {
  title: string;
  bars: Bar[];
  limit?: number;
  emptyText: string;
}) {
  const format = useDiscoveryFormat();
  const headingId = useId();
  const shown = [...bars].sort((a, b) => b.value - a.value).slice(0, limit);
  return (
    <Box component="figure" aria-labelledby={headingId} sx={{ m: 0 }}>
      <Typography id={headingId} component="figcaption" variant="subtitle2" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {shown.map((bar) => (
            <Box component="li" key={bar.key}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {bar.label}
                </Typography>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {format.rate(bar.value)}
                </Typography>
              </Box>
              <Box aria-hidden sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}>
                <Box
                  sx={{
                    height: '100%',
                    width: `${Math.max(0, Math.min(1, bar.value)) * 100}%`,
                    bgcolor: 'primary.main',
                    borderRadius: 4,
                  }}
                />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
