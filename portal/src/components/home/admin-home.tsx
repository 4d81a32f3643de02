import type { AdminHome as AdminHomeData } from '@kollab/contract/api/home';
import { FAILED_JOBS_COUNTED } from '@kollab/contract/home';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';

type QueueName = keyof AdminHomeData['queues'];

/** Each queue's data table. */
const QUEUES: { name: QueueName; to: string }[] = [
  { name: 'withdrawalsToPay', to: '/admin/withdrawals' },
  { name: 'flaggedClaims', to: '/admin/ad-labels' },
  { name: 'deletionRequestsDue', to: '/admin/deletion-requests' },
  { name: 'reportedConversations', to: '/messages' },
  { name: 'failedJobs', to: '/admin/failed-jobs' },
];

/** An admin's home: the queues that need someone, as counts that link into their tables. */
export function AdminHome({ data }: { data: AdminHomeData }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {QUEUES.map(({ name, to }) => {
          const queue = data.queues[name];
          const count =
            name === 'failedJobs' && queue.count >= FAILED_JOBS_COUNTED
              ? t('home.admin.atLeast', { count: queue.count })
              : String(queue.count);
          return (
            <li key={name}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="h2" variant="h6">
                      {t('home.admin.queueLink', { queue: t(`home.admin.queue.${name}`), count })}
                    </Typography>
                    <Typography color="text.secondary" variant="body2">
                      {queue.count === 0
                        ? t('home.admin.emptyQueue')
                        : queue.oldestAt
                          ? t('home.admin.oldest', { date: format.date(queue.oldestAt) })
                          : null}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
      <Typography sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/admin">
          {t('home.admin.all')}
        </Link>
      </Typography>
    </>
  );
}
