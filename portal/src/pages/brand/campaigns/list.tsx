import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../../components/auth/role-only';
import { CampaignStateChip } from '../../../components/campaigns/campaign-state-chip';
import { CampaignStatusActions } from '../../../components/campaigns/campaign-status-actions';
import { EmptyState } from '../../../components/campaigns/empty-state';
import { Pager } from '../../../components/campaigns/pager';
import type { Campaign } from '../../../components/campaigns/types';
import { useApiPage } from '../../../components/campaigns/use-api-page';
import { useFormat } from '../../../components/campaigns/use-format';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { useT } from '../../../hooks/use-t';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../providers/session';

const PAGE_SIZE = 20;

function CampaignRow({ campaign, onChanged }: { campaign: Campaign; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        p: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            <Link component={RouterLink} to={`/brand/campaigns/${campaign.id}`} underline="hover">
              {campaign.title}
            </Link>
          </Typography>
          <CampaignStateChip state={campaign.state} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {format.dateRange(campaign.startsAt, campaign.endsAt)}
          {' · '}
          {t('brandCampaigns.list.terms', {
            payout: format.money(campaign.payoutOre),
            taken: campaign.slotsTaken,
            slots: campaign.slots,
          })}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {campaign.status === 'cancelled' ? null : (
          <Button
            component={RouterLink}
            to={`/brand/campaigns/${campaign.id}/edit`}
            startIcon={<Edit />}
            size="small"
            aria-label={`${t('brandCampaigns.actions.edit')}: ${campaign.title}`}
          >
            {t('brandCampaigns.actions.edit')}
          </Button>
        )}
        <CampaignStatusActions campaign={campaign} onChanged={onChanged} asMenu />
      </Stack>
    </Box>
  );
}

function BrandCampaigns() {
  const t = useT();
  const { data: session } = useSession();
  const [page, setPage] = useState(1);
  const { rows, total, isLoading, error, refetch } = useApiPage<Campaign>(
    `/api/campaigns?page=${page}&pageSize=${PAGE_SIZE}&sort=createdAt&order=desc`,
  );
  const isBrand = session?.user.role === 'brand';
  const isVerified = session?.user.emailVerified ?? false;
  const newButton = isBrand ? (
    <Button
      component={RouterLink}
      to="/brand/campaigns/new"
      variant="contained"
      startIcon={<Add />}
      disabled={!isVerified}
    >
      {t('brandCampaigns.actions.new')}
    </Button>
  ) : undefined;
  return (
    <>
      <PageHeader title={t('brandCampaigns.list.title')} intro={t('brandCampaigns.list.intro')} action={newButton} />
      {isVerified || !isBrand ? null : (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('brandCampaigns.verifyFirst')}
        </Alert>
      )}
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {rows && rows.length === 0 ? (
        <EmptyState title={t('brandCampaigns.empty.title')} body={t('brandCampaigns.empty.body')} />
      ) : null}
      {rows && rows.length > 0 ? (
        <Card>
          <Box component="ul" aria-label={t('brandCampaigns.list.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((campaign) => (
              <CampaignRow key={campaign.id} campaign={campaign} onChanged={() => void refetch()} />
            ))}
          </Box>
        </Card>
      ) : null}
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
    </>
  );
}

/** The brand's campaigns, newest first, with their state and actions; "New campaign". */
export function BrandCampaignsPage() {
  return (
    <RoleOnly allow={['brand', 'admin']} note="brandCampaigns.onlyBrands">
      <BrandCampaigns />
    </RoleOnly>
  );
}
