import PersonAdd from '@mui/icons-material/PersonAdd';
import Verified from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { isMessageKey } from '../../providers/i18n-provider';
import { visuallyHidden } from '../layout/visually-hidden';
import type { Platform } from './enums';
import { ProfileAvatar } from './profile-avatar';
import type { InviteTarget, SearchHit } from './types';
import { useDiscoveryFormat } from './use-discovery';

/** The handle a hit is known by: Instagram and TikTok usernames, YouTube handles. */
export function hitHandle(hit: SearchHit): string {
  return hit.profile.username ?? hit.profile.handle ?? hit.userId;
}

/** What a link to a report may tell the report page before it has loaded. */
export interface ReportLinkState {
  handle?: string;
}

/** The report page of an influencer. */
export function reportPath(platform: Platform, userId: string): string {
  return `/discovery/${platform}/${encodeURIComponent(userId)}`;
}

function MatchChips({ hit }: { hit: SearchHit }) {
  const t = useT();
  const influencer = hit.match?.influencer;
  const chips: string[] = [];
  if (influencer?.geo?.country?.name) chips.push(influencer.geo.country.name);
  if (influencer?.geo?.city?.name) chips.push(influencer.geo.city.name);
  const gender = influencer?.gender;
  if (gender) {
    const key = `discovery.gender.${gender}`;
    chips.push(isMessageKey(key) ? t(key) : gender);
  }
  if (chips.length === 0) return <>–</>;
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
      {chips.map((chip) => (
        <li key={chip}>
          <Chip label={chip} size="small" variant="outlined" />
        </li>
      ))}
    </Box>
  );
}

const COLUMNS = 5;

/** Placeholder rows in the table's own shape while a page loads. */
function SkeletonRows({ label }: { label: string }) {
  return (
    <>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be told apart by.
        <TableRow key={index} aria-hidden={index > 0 ? true : undefined}>
          <TableCell>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="60%" />
                <Skeleton width="40%" />
              </Box>
            </Box>
            {index === 0 ? (
              <Typography component="span" sx={visuallyHidden}>
                {label}
              </Typography>
            ) : null}
          </TableCell>
          {Array.from({ length: COLUMNS - 1 }, (__, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells.
            <TableCell key={cell}>
              <Skeleton />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/**
 * A page of search hits: who they are (linked to their report), followers, engagement rate, why
 * they matched, and "Invite to campaign".
 */
export function ResultsTable({
  platform,
  hits,
  isLoading,
  caption,
  onInvite,
}: {
  platform: Platform;
  hits: SearchHit[];
  isLoading: boolean;
  caption: string;
  onInvite: (target: InviteTarget) => void;
}) {
  const t = useT();
  const format = useDiscoveryFormat();
  return (
    // Relative, so the visually hidden header text is clipped with the table instead of widening the page.
    <TableContainer
      sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Table aria-label={caption} aria-busy={isLoading}>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('discovery.results.profile')}</TableCell>
            <TableCell scope="col" align="right">
              {t('discovery.results.followers')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('discovery.results.engagementRate')}
            </TableCell>
            <TableCell scope="col">{t('discovery.results.match')}</TableCell>
            <TableCell scope="col">
              <Box component="span" sx={visuallyHidden}>
                {t('discovery.results.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {isLoading ? (
            <SkeletonRows label={t('app.loading')} />
          ) : (
            hits.map((hit) => {
              const handle = hitHandle(hit);
              return (
                <TableRow key={hit.userId} hover>
                  <TableCell component="th" scope="row">
                    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 200 }}>
                      <ProfileAvatar src={hit.profile.picture} handle={handle} />
                      <Box sx={{ minWidth: 0 }}>
                        <Link
                          component={RouterLink}
                          to={reportPath(platform, hit.userId)}
                          // The report's URL holds the provider's id; its title shows the handle until the report is in.
                          state={{ handle } satisfies ReportLinkState}
                          sx={{ fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                        >
                          @{handle}
                          {hit.profile.isVerified ? (
                            <Verified fontSize="small" color="primary" titleAccess={t('discovery.verified')} />
                          ) : null}
                        </Link>
                        {hit.profile.fullname ? (
                          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                            {hit.profile.fullname}
                          </Typography>
                        ) : null}
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format.number(hit.profile.followers)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {hit.profile.engagementRate === undefined ? '–' : format.rate(hit.profile.engagementRate)}
                  </TableCell>
                  <TableCell>
                    <MatchChips hit={hit} />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      startIcon={<PersonAdd />}
                      aria-label={t('discovery.invite.buttonFor', { handle })}
                      onClick={() => onInvite({ platform, userId: hit.userId, username: handle })}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t('discovery.invite.button')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
