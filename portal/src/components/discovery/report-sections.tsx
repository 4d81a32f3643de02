import Comment from '@mui/icons-material/ChatBubbleOutline';
import Favorite from '@mui/icons-material/FavoriteBorder';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../hooks/use-t';
import { isMessageKey } from '../../providers/i18n-provider';
import { ExternalLink } from '../campaigns/external-link';
import { visuallyHidden } from '../layout/visually-hidden';
import { type Bar, BarList } from './bar-list';
import type { Platform } from './enums';
import { LineChart } from './line-chart';
import { ProfileAvatar } from './profile-avatar';
import { reportPath } from './results-table';
import type { Audience, Post, ReportProfile, UserRef, Weighted } from './types';
import { useDiscoveryFormat } from './use-discovery';

/** Label–number tiles for the overview's key figures. */
export function StatTiles({ tiles }: { tiles: { label: string; value: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', m: 0 }}
    >
      {tiles.map((tile) => (
        <Box key={tile.label} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {tile.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Followers month by month (`statHistory`), as a line chart with its numbers for screen readers. */
export function GrowthChart({ history }: { history: ReportProfile['statHistory'] }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const points = (history ?? [])
    .filter((entry) => typeof entry.followers === 'number')
    .map((entry) => ({ label: format.month(entry.month), value: entry.followers ?? 0 }));
  if (points.length < 2) {
    return <Typography color="text.secondary">{t('discovery.report.noHistory')}</Typography>;
  }
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <LineChart
      points={points}
      summary={t('discovery.report.growthSummary', {
        from: first?.label ?? '',
        to: last?.label ?? '',
        start: format.number(first?.value ?? 0),
        end: format.number(last?.value ?? 0),
      })}
      labelHeader={t('discovery.report.month')}
      valueHeader={t('discovery.results.followers')}
      formatValue={(value) => format.compact(value)}
    />
  );
}

function bars(list: Weighted[] | undefined, label: (entry: Weighted) => string): Bar[] {
  return (list ?? []).map((entry) => ({
    key: entry.code ?? entry.name ?? label(entry),
    label: label(entry),
    value: entry.weight,
  }));
}

/** Who follows the influencer: gender, age, where, languages, interests and how real they are. */
export function AudienceCharts({ audience }: { audience: Audience | undefined }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const empty = t('discovery.report.noAudienceData');
  const translated = (prefix: string, code: string | undefined, fallback: string) => {
    const key = `${prefix}.${code}`;
    return code && isMessageKey(key) ? t(key) : fallback;
  };
  const credibility: Bar[] = [
    ...(audience?.credibility !== undefined
      ? [{ key: 'credibility', label: t('discovery.report.realFollowers'), value: audience.credibility }]
      : []),
  ];
  const charts: { title: string; bars: Bar[] }[] = [
    {
      title: t('discovery.report.genders'),
      bars: bars(audience?.genders, (entry) =>
        translated('discovery.audienceGender', entry.code, entry.code ?? entry.name ?? ''),
      ),
    },
    {
      title: t('discovery.report.ages'),
      bars: bars(audience?.ages, (entry) => t('discovery.ageBand', { band: entry.code ?? entry.name ?? '' })),
    },
    {
      title: t('discovery.report.countries'),
      bars: bars(audience?.geoCountries, (entry) => (entry.code ? format.country(entry.code) : (entry.name ?? ''))),
    },
    { title: t('discovery.report.cities'), bars: bars(audience?.geoCities, (entry) => entry.name ?? '') },
    {
      title: t('discovery.report.languages'),
      bars: bars(audience?.languages, (entry) =>
        entry.code ? format.language(entry.code, entry.name) : (entry.name ?? ''),
      ),
    },
    { title: t('discovery.report.interests'), bars: bars(audience?.interests, (entry) => entry.name ?? '') },
    {
      title: t('discovery.report.credibility'),
      bars: [
        ...credibility,
        ...bars(audience?.audienceTypes, (entry) =>
          translated('discovery.audienceType', entry.code, entry.code ?? entry.name ?? ''),
        ),
      ],
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {charts.map((chart) => (
        <BarList key={chart.title} title={chart.title} bars={chart.bars} emptyText={empty} />
      ))}
    </Box>
  );
}

/** Items in two columns from small screens up (each item renders its own `li`), or a line saying there are none. */
function GridList<T>({
  items,
  emptyText,
  renderItem,
}: {
  items: T[] | undefined;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}) {
  const list = items ?? [];
  if (list.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      {list.map((item) => renderItem(item))}
    </Box>
  );
}

/** Accounts as a list: picture, handle (a link to their report when we can make one) and followers. */
export function AccountList({
  platform,
  accounts,
  linkToReport,
  emptyText,
}: {
  platform: Platform;
  accounts: UserRef[] | undefined;
  linkToReport: boolean;
  emptyText: string;
}) {
  const t = useT();
  const format = useDiscoveryFormat();
  return (
    <GridList
      items={accounts}
      emptyText={emptyText}
      renderItem={(account) => {
        const handle = account.username ?? account.handle ?? account.userId;
        return (
          <Box
            component="li"
            key={account.userId}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}
          >
            <ProfileAvatar src={account.picture} handle={handle} />
            <Box sx={{ minWidth: 0 }}>
              {linkToReport ? (
                <Link component={RouterLink} to={reportPath(platform, account.userId)} sx={{ fontWeight: 600 }}>
                  @{handle}
                </Link>
              ) : (
                <Typography sx={{ fontWeight: 600 }}>@{handle}</Typography>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[
                  account.fullname,
                  account.followers === undefined
                    ? null
                    : t('discovery.followersShort', { count: format.compact(account.followers) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          </Box>
        );
      }}
    />
  );
}

function Metric({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} title={label}>
      {icon}
      <span>
        <Box component="span" sx={visuallyHidden}>
          {label}:{' '}
        </Box>
        {value}
      </span>
    </Box>
  );
}

/** Posts as cards: date, caption, likes, comments and views, and a link to the post. */
export function PostList({ posts, emptyText }: { posts: Post[] | undefined; emptyText: string }) {
  const t = useT();
  const format = useDiscoveryFormat();
  return (
    <GridList
      items={posts}
      emptyText={emptyText}
      renderItem={(post) => (
        <Card component="li" key={post.id} variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            {post.created ? (
              <Typography variant="body2" color="text.secondary">
                {format.date(post.created)}
              </Typography>
            ) : null}
            <Typography
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {post.text || t('discovery.report.noCaption')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
              {post.likes !== undefined && post.likes >= 0 ? (
                <Metric
                  icon={<Favorite fontSize="small" />}
                  label={t('discovery.report.likes')}
                  value={format.number(post.likes)}
                />
              ) : null}
              {post.comments !== undefined ? (
                <Metric
                  icon={<Comment fontSize="small" />}
                  label={t('discovery.report.comments')}
                  value={format.number(post.comments)}
                />
              ) : null}
              {post.views ? (
                <Metric
                  icon={<PlayArrow fontSize="small" />}
                  label={t('discovery.report.views')}
                  value={format.number(post.views)}
                />
              ) : null}
            </Box>
            <ExternalLink href={post.url} variant="body2">
              {t('discovery.report.openPost')}
            </ExternalLink>
          </CardContent>
        </Card>
      )}
    />
  );
}
