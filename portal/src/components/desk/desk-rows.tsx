import type { DeskCampaign } from '@kollab/contract/api/desk';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { useFormat } from '../campaigns/use-format';
import { DeskStateChip } from './desk-state-chip';
import { SpendMeter } from './spend-meter';
import { useCountdown } from './use-countdown';

const deskPath = (campaign: DeskCampaign, tab = '') => `/brand/campaigns/${campaign.id}${tab ? `/${tab}` : ''}`;

/** A count that links to the tab where the brand acts on it; plain text when there is nothing to do. */
function WaitingCount({ count, to, label }: { count: number; to: string; label: string }) {
  const format = useFormat();
  if (count === 0) return <span>{format.number(0)}</span>;
  return (
    <Link component={RouterLink} to={to} aria-label={`${label}: ${format.number(count)}`} sx={{ fontWeight: 700 }}>
      {format.number(count)}
    </Link>
  );
}

function AutoAccept({ campaign }: { campaign: DeskCampaign }) {
  const t = useT();
  const countdown = useCountdown();
  if (!campaign.nextAutoAcceptAt) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('desk.figures.autoAccept', { when: countdown(campaign.nextAutoAcceptAt) })}
    </Typography>
  );
}

/** The desk on wide screens: one table row per campaign. */
export function DeskTable({ campaigns }: { campaigns: DeskCampaign[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <Card sx={{ overflowX: 'auto' }}>
      <Table aria-label={t('desk.list.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('desk.columns.campaign')}</TableCell>
            <TableCell>{t('desk.columns.state')}</TableCell>
            <TableCell align="right">{t('desk.columns.slots')}</TableCell>
            <TableCell align="right">{t('desk.columns.claims')}</TableCell>
            <TableCell>{t('desk.columns.videos')}</TableCell>
            <TableCell>{t('desk.columns.spend')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {campaigns.map((campaign) => (
            <TableRow key={campaign.id} hover>
              <TableCell sx={{ maxWidth: 320 }}>
                <Link component={RouterLink} to={deskPath(campaign)} sx={{ fontWeight: 600 }}>
                  {campaign.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {format.dateRange(campaign.startsAt, campaign.endsAt)}
                </Typography>
              </TableCell>
              <TableCell>
                <DeskStateChip state={campaign.state} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('desk.figures.slots', {
                  taken: format.number(campaign.slotsTaken),
                  slots: format.number(campaign.slots),
                })}
              </TableCell>
              <TableCell align="right">
                <WaitingCount
                  count={campaign.claimsToApprove}
                  to={deskPath(campaign, 'creators')}
                  label={`${t('desk.figures.claimsToApprove')}, ${campaign.title}`}
                />
              </TableCell>
              <TableCell>
                <WaitingCount
                  count={campaign.videosToReview}
                  to={deskPath(campaign, 'content')}
                  label={`${t('desk.figures.videosToReview')}, ${campaign.title}`}
                />
                <AutoAccept campaign={campaign} />
              </TableCell>
              <TableCell>
                <SpendMeter campaign={campaign} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The desk on phones: one card per campaign, figures in two columns. */
export function DeskCards({ campaigns }: { campaigns: DeskCampaign[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <Stack component="ul" spacing={2} aria-label={t('desk.list.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {campaigns.map((campaign) => (
        <Card component="li" key={campaign.id} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={deskPath(campaign)}>
                  {campaign.title}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {format.dateRange(campaign.startsAt, campaign.endsAt)}
              </Typography>
            </Box>
            <DeskStateChip state={campaign.state} />
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}>
            <Figure label={t('desk.columns.slots')}>
              {t('desk.figures.slots', {
                taken: format.number(campaign.slotsTaken),
                slots: format.number(campaign.slots),
              })}
            </Figure>
            <Figure label={t('desk.figures.claimsToApprove')}>
              <WaitingCount
                count={campaign.claimsToApprove}
                to={deskPath(campaign, 'creators')}
                label={`${t('desk.figures.claimsToApprove')}, ${campaign.title}`}
              />
            </Figure>
            <Figure label={t('desk.figures.videosToReview')}>
              <WaitingCount
                count={campaign.videosToReview}
                to={deskPath(campaign, 'content')}
                label={`${t('desk.figures.videosToReview')}, ${campaign.title}`}
              />
              <AutoAccept campaign={campaign} />
            </Figure>
            <Figure label={t('desk.columns.spend')}>
              <SpendMeter campaign={campaign} />
            </Figure>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}
