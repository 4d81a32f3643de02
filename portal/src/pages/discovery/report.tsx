import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Refresh from '@mui/icons-material/Refresh';
import Verified from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/campaigns/confirm-dialog';
import { DefinitionList } from '../../components/campaigns/definition-list';
import { EmptyState } from '../../components/campaigns/empty-state';
import { ExternalLink } from '../../components/campaigns/external-link';
import { Section } from '../../components/campaigns/section';
import { isPlatform, type Platform } from '../../components/discovery/enums';
import { InviteDialog } from '../../components/discovery/invite-dialog';
import { ProfileAvatar } from '../../components/discovery/profile-avatar';
import { RawFeed } from '../../components/discovery/raw-feed';
import {
  AccountList,
  AudienceCharts,
  GrowthChart,
  PostList,
  StatTiles,
} from '../../components/discovery/report-sections';
import type { ReportLinkState } from '../../components/discovery/results-table';
import type { InviteTarget, Meta, Report, ReportProfile } from '../../components/discovery/types';
import {
  discoveryErrorText,
  useDiscoveryFormat,
  useDiscoveryQuery,
  useDiscoveryStatus,
  withDiscoveryText,
} from '../../components/discovery/use-discovery';
import { PageHeader } from '../../components/layout/page-header';
import { visuallyHidden } from '../../components/layout/visually-hidden';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { isMessageKey } from '../../providers/i18n-provider';

/** Opening a report is a POST: it may cost a credit (a GET of the same path only reads the cache). */
function reportUrl(platform: Platform, userId: string): string {
  return `/api/discovery/${platform}/reports/${encodeURIComponent(userId)}`;
}

function Overview({
  platform,
  profile,
  onInvite,
}: {
  platform: Platform;
  profile: ReportProfile;
  onInvite: () => void;
}) {
  const t = useT();
  const format = useDiscoveryFormat();
  const account = profile.profile;
  const handle = account?.username ?? account?.handle ?? profile.userId ?? '';
  const accountTypeKey = `discovery.reportAccountType.${profile.accountType}`;
  const place = [profile.city, profile.state, profile.country ? format.country(profile.country) : null].filter(Boolean);
  const tiles = [
    { label: t('discovery.results.followers'), value: format.number(account?.followers ?? 0) },
    ...(account?.engagementRate !== undefined
      ? [{ label: t('discovery.results.engagementRate'), value: format.rate(account.engagementRate) }]
      : []),
    ...(profile.avgLikes !== undefined
      ? [{ label: t('discovery.report.avgLikes'), value: format.number(profile.avgLikes) }]
      : []),
    ...(profile.avgComments !== undefined
      ? [{ label: t('discovery.report.avgComments'), value: format.number(profile.avgComments) }]
      : []),
    ...(profile.avgViews
      ? [{ label: t('discovery.report.avgViews'), value: format.number(profile.avgViews) }]
      : profile.avgReelsPlays
        ? [{ label: t('discovery.report.avgReelsPlays'), value: format.number(profile.avgReelsPlays) }]
        : []),
  ];
  const rows = [
    ...(profile.accountType
      ? [
          {
            label: t('discovery.report.accountType'),
            value: isMessageKey(accountTypeKey) ? t(accountTypeKey) : profile.accountType,
          },
        ]
      : []),
    ...(place.length ? [{ label: t('discovery.report.location'), value: place.join(', ') }] : []),
    ...(profile.language
      ? [
          {
            label: t('discovery.report.language'),
            value: format.language(profile.language.code, profile.language.name),
          },
        ]
      : []),
    ...(profile.postsCount !== undefined
      ? [{ label: t('discovery.report.posts'), value: format.number(profile.postsCount) }]
      : []),
    ...((profile.bio ?? profile.description ?? account?.description)
      ? [{ label: t('discovery.report.bio'), value: profile.bio ?? profile.description ?? account?.description ?? '' }]
      : []),
  ];
  return (
    <Section
      title={t('discovery.report.overview')}
      action={
        <Button variant="contained" startIcon={<PersonAdd />} onClick={onInvite}>
          {t('discovery.invite.button')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <ProfileAvatar src={account?.picture} handle={handle} size={72} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {account?.fullname || `@${handle}`}
            {profile.isVerified ? <Verified color="primary" titleAccess={t('discovery.verified')} /> : null}
          </Typography>
          {account?.url ? (
            <ExternalLink href={account.url}>{`@${handle}`}</ExternalLink>
          ) : (
            <Typography color="text.secondary">@{handle}</Typography>
          )}
          <Box sx={{ mt: 0.5 }}>
            <Chip size="small" label={t(`discovery.platform.${platform}`)} />
          </Box>
        </Box>
      </Box>
      <StatTiles tiles={tiles} />
      {rows.length ? (
        <Box sx={{ mt: 2 }}>
          <DefinitionList rows={rows} />
        </Box>
      ) : null}
    </Section>
  );
}

function CachedNote({ meta, onRefresh }: { meta: Meta; onRefresh: () => void }) {
  const t = useT();
  const format = useDiscoveryFormat();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('discovery.report.cachedOn', { date: format.dateTime(meta.fetchedAt) })}
      </Typography>
      <Button size="small" startIcon={<Refresh />} onClick={onRefresh}>
        {t('discovery.report.refresh')}
      </Button>
    </Box>
  );
}

function ReportSkeleton() {
  const t = useT();
  return (
    <Stack spacing={2} aria-busy="true">
      <Typography role="status" sx={visuallyHidden}>
        {t('discovery.report.loading')}
      </Typography>
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={260} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

function ReportView({ platform, userId }: { platform: Platform; userId: string }) {
  const t = useT();
  const format = useDiscoveryFormat();
  const navigate = useNavigate();
  const { refresh: refreshStatus } = useDiscoveryStatus();
  const report = useDiscoveryQuery<Report>(reportUrl(platform, userId), { body: {} });
  const [isConfirming, setIsConfirming] = useState(false);
  const [inviting, setInviting] = useState<InviteTarget | null>(null);
  const profile = report.data?.profile;
  // Until the report is in: the handle the link named, else what the URL holds (an id or a handle).
  const knownHandle = (useLocation().state as ReportLinkState | null)?.handle ?? userId;
  const handle = profile?.profile?.username ?? profile?.profile?.handle ?? knownHandle;
  const back = (
    <Button
      startIcon={<ArrowBack />}
      // Back to the search that led here (its filters are in that URL), or to the search page.
      onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/discovery'))}
    >
      {t('discovery.report.back')}
    </Button>
  );

  if (report.isLoading) {
    return (
      <>
        <PageHeader title={t('discovery.report.titleLoading', { handle: knownHandle })} action={back} />
        <ReportSkeleton />
      </>
    );
  }
  if (report.error && isApiError(report.error) && report.error.code === 'not_found') {
    return (
      <>
        <PageHeader title={t('discovery.report.notFoundTitle')} />
        <EmptyState
          title={t('discovery.report.notFoundHeading', { handle: knownHandle })}
          body={t('discovery.report.notFoundBody')}
          action={
            <Button component={RouterLink} to="/discovery" variant="contained">
              {t('discovery.report.toSearch')}
            </Button>
          }
        />
      </>
    );
  }
  if (report.error || !profile || !profile.profile) {
    return (
      <>
        <PageHeader title={t('discovery.report.titleLoading', { handle: knownHandle })} action={back} />
        {report.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void report.refetch()}>
                {t('discovery.retry')}
              </Button>
            }
          >
            {discoveryErrorText(t, report.error)}
          </Alert>
        ) : (
          <EmptyState title={t('discovery.report.emptyTitle')} body={t('discovery.report.emptyBody')} />
        )}
      </>
    );
  }

  const audience = profile.audience;
  return (
    <>
      <PageHeader title={t('discovery.report.title', { handle })} action={back} />
      <Stack spacing={3}>
        {report.meta ? <CachedNote meta={report.meta} onRefresh={() => setIsConfirming(true)} /> : null}
        <Overview
          platform={platform}
          profile={profile}
          onInvite={() =>
            setInviting({
              platform,
              userId: profile.userId ?? userId,
              username: handle,
              ...(profile.contacts?.find((contact) => contact.type === 'email')
                ? { email: profile.contacts.find((contact) => contact.type === 'email')?.value }
                : {}),
            })
          }
        />
        <Section title={t('discovery.report.growth')}>
          <GrowthChart history={profile.statHistory} />
        </Section>
        <Section title={t('discovery.report.audience')}>
          <AudienceCharts audience={audience} />
        </Section>
        <Section title={t('discovery.report.notable')}>
          {audience?.notable !== undefined ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('discovery.report.notableShare', { share: format.rate(audience.notable) })}
            </Typography>
          ) : null}
          <AccountList
            platform={platform}
            accounts={audience?.notableUsers}
            linkToReport={false}
            emptyText={t('discovery.report.noAccounts')}
          />
        </Section>
        <Section title={t('discovery.report.lookalikes')}>
          <AccountList
            platform={platform}
            accounts={profile.lookalikes}
            linkToReport
            emptyText={t('discovery.report.noAccounts')}
          />
        </Section>
        <Section title={t('discovery.report.recentPosts')}>
          <PostList posts={profile.recentPosts} emptyText={t('discovery.report.noPosts')} />
        </Section>
        <Section title={t('discovery.report.popularPosts')}>
          <PostList posts={profile.popularPosts} emptyText={t('discovery.report.noPosts')} />
        </Section>
        {platform === 'instagram' ? (
          <Section title={t('discovery.report.feed')}>
            <RawFeed handle={handle} />
          </Section>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={isConfirming}
        title={t('discovery.report.refreshTitle')}
        body={t('discovery.report.refreshBody')}
        confirmLabel={t('discovery.report.refreshConfirm')}
        onConfirm={async () => {
          await apiFetch(reportUrl(platform, userId), { method: 'POST', json: { refresh: true } }).catch(
            (error: unknown) => {
              throw withDiscoveryText(error);
            },
          );
          await report.refetch();
          refreshStatus();
        }}
        onClose={() => setIsConfirming(false)}
      />
      <InviteDialog target={inviting} onClose={() => setInviting(null)} />
    </>
  );
}

/** An influencer's report: overview, growth, audience, notable followers, lookalikes and posts. */
export function DiscoveryReportPage() {
  const t = useT();
  const { platform, userId } = useParams();
  if (!isPlatform(platform) || !userId) {
    return (
      <EmptyState
        title={t('discovery.report.notFoundTitle')}
        body={t('discovery.report.notFoundBody')}
        action={
          <Button component={RouterLink} to="/discovery" variant="contained">
            {t('discovery.report.toSearch')}
          </Button>
        }
      />
    );
  }
  return <ReportView key={`${platform}/${userId}`} platform={platform} userId={userId} />;
}
