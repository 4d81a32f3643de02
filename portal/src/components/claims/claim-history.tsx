import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import type { ClaimEvent } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { claimReasonText } from './claim-reason';
import { ClaimStatusChip } from './claim-status-chip';

const ACTORS = ['creator', 'brand', 'admin', 'system'] as const;

/** The claim's history, oldest first: each change of status, who made it and why. */
export function ClaimHistory({ events }: { events: ClaimEvent[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      {events.map((event) => {
        const actor = ACTORS.find((role) => role === event.actorRole);
        return (
          <Box component="li" key={`${event.createdAt}-${event.toStatus}`} sx={{ pl: 2, pb: 2, position: 'relative' }}>
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: -7,
                top: 6,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: 'primary.main',
              }}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <ClaimStatusChip status={event.toStatus} />
              <Typography variant="body2" color="text.secondary">
                <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time>
                {actor ? ` · ${t(`claims.actors.${actor}`)}` : null}
              </Typography>
            </Box>
            {event.reason ? (
              <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
                {claimReasonText(t, event.reason)}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
