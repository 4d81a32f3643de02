import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/campaigns/empty-state';
import { Pager } from '../../components/campaigns/pager';
import { TabPanels } from '../../components/campaigns/tab-panels';
import type { Claim, ClaimStatus } from '../../components/campaigns/types';
import { useApiPage } from '../../components/campaigns/use-api-page';
import { useFormat } from '../../components/campaigns/use-format';
import { ClaimStatusChip } from '../../components/claims/claim-status-chip';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../providers/session';

const PAGE_SIZE = 50;

const GROUPS = {
  all: null,
  active: ['pending', 'approved', 'submitted', 'changes_requested'],
  done: ['accepted'],
  closed: ['rejected', 'cancelled', 'expired'],
} satisfies Record<string, ClaimStatus[] | null>;
type Group = keyof typeof GROUPS;

function ClaimRows({ claims, isBrandView }: { claims: Claim[]; isBrandView: boolean }) {
  const t = useT();
  const format = useFormat();
  if (claims.length === 0) return <Typography color="text.secondary">{t('claims.list.noneInTab')}</Typography>;
  return (
    <Card>
      <List disablePadding>
        {claims.map((claim) => (
          <ListItem key={claim.id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`/claims/${claim.id}`}
              sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', py: 1.5 }}
            >
              <ListItemText
                primary={claim.campaign.title}
                secondary={t('claims.list.secondary', {
                  party: isBrandView ? claim.creator.name : claim.campaign.brandName,
                  date: format.date(claim.createdAt),
                })}
                sx={{ flex: '1 1 220px', m: 0 }}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
              <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
                <ClaimStatusChip status={claim.status} />
                <Typography variant="body2">{format.money(claim.payoutOre)}</Typography>
              </Stack>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

/** "My claims" (creators) or the claims on the brand's campaigns: tabs by stage, newest first. */
export function ClaimsPage() {
  const t = useT();
  const { data: session } = useSession();
  const isBrandView = session?.user.role !== 'creator';
  const [page, setPage] = useState(1);
  const { rows, total, isLoading, error } = useApiPage<Claim>(`/api/claims?page=${page}&pageSize=${PAGE_SIZE}`);
  const inGroup = (group: Group) => {
    const statuses: ClaimStatus[] | null = GROUPS[group];
    return (rows ?? []).filter((claim) => !statuses || statuses.includes(claim.status));
  };
  const tab = (group: Group) => ({
    key: group,
    label: t(`claims.list.tabs.${group}`, { count: inGroup(group).length }),
    panel: <ClaimRows claims={inGroup(group)} isBrandView={isBrandView} />,
  });
  const isEmpty = rows && rows.length === 0 && page === 1;

  return (
    <>
      <PageHeader
        title={t(isBrandView ? 'claims.list.titleBrand' : 'claims.list.title')}
        intro={t(isBrandView ? 'claims.list.introBrand' : 'claims.list.intro')}
      />
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {isEmpty ? (
        <EmptyState
          title={t('claims.empty.title')}
          body={t(isBrandView ? 'claims.empty.bodyBrand' : 'claims.empty.body')}
          action={
            isBrandView ? null : (
              <Button component={RouterLink} to="/campaigns" variant="contained">
                {t('claims.empty.action')}
              </Button>
            )
          }
        />
      ) : null}
      {rows && !isEmpty ? (
        <>
          <TabPanels
            label={t('claims.list.tabsLabel')}
            tabs={[tab('all'), tab('active'), tab('done'), tab('closed')]}
          />
          <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
        </>
      ) : null}
    </>
  );
}
