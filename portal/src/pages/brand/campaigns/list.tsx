import type { DeskCampaign } from '@kollab/contract/api/desk';
import { DESK_STATES } from '@kollab/contract/desk';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useCallback } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RoleOnly } from '../../../components/auth/role-only';
import { EmptyState } from '../../../components/campaigns/empty-state';
import { Pager } from '../../../components/campaigns/pager';
import { useApiPage } from '../../../components/campaigns/use-api-page';
import { usePhone } from '../../../components/campaigns/use-phone';
import { DESK_ORDERS, DeskFilters, type DeskFilterValues, type DeskOrder } from '../../../components/desk/desk-filters';
import { DeskCards, DeskTable } from '../../../components/desk/desk-rows';
import { PageHeader } from '../../../components/layout/page-header';
import { PageLoader } from '../../../components/layout/page-loader';
import { useT } from '../../../hooks/use-t';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../providers/session';

const PAGE_SIZE = 20;

const isOrder = (value: string | null): value is DeskOrder => value !== null && Object.hasOwn(DESK_ORDERS, value);
const isState = (value: string | null) => DESK_STATES.some((state) => state === value);

/** Filters, order and page live in the URL, so a reload or the back button keeps them. */
function useDeskParams() {
  const [params, setParams] = useSearchParams();
  const orderParam = params.get('order');
  const values: DeskFilterValues & { page: number } = {
    q: params.get('q') ?? '',
    state: isState(params.get('state')) ? (params.get('state') ?? '') : '',
    order: isOrder(orderParam) ? orderParam : 'newest',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (next: Partial<DeskFilterValues & { page: number }>) =>
      setParams(
        (previous) => {
          const merged = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(next)) {
            const isDefault =
              value === '' || (key === 'order' && value === 'newest') || (key === 'page' && value === 1);
            if (isDefault) merged.delete(key);
            else merged.set(key, String(value));
          }
          if (!('page' in next)) merged.delete('page');
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { values, update, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

function BrandDesk() {
  const t = useT();
  const isPhone = usePhone();
  const { data: session } = useSession();
  const { values, update, clear } = useDeskParams();
  const query = new URLSearchParams({
    page: String(values.page),
    pageSize: String(PAGE_SIZE),
    ...DESK_ORDERS[values.order],
    ...(values.state ? { state: values.state } : {}),
    ...(values.q ? { q: values.q } : {}),
  });
  const { rows, total, isLoading, error } = useApiPage<DeskCampaign>(`/api/brand/campaigns?${query}`);
  const isFiltered = values.q !== '' || values.state !== '';
  const isVerified = session?.user.emailVerified ?? false;
  return (
    <>
      <PageHeader
        title={t('desk.list.title')}
        intro={t('desk.list.intro')}
        action={
          <Button
            component={RouterLink}
            to="/brand/campaigns/new"
            variant="contained"
            startIcon={<Add />}
            disabled={!isVerified}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { sm: 'flex-start' } }}
          >
            {t('brandCampaigns.actions.new')}
          </Button>
        }
      />
      {isVerified ? null : (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('brandCampaigns.verifyFirst')}
        </Alert>
      )}
      {rows?.length || isFiltered ? <DeskFilters values={values} onChange={update} /> : null}
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {rows && rows.length === 0 ? (
        isFiltered ? (
          <EmptyState
            title={t('desk.empty.filteredTitle')}
            body={t('desk.empty.filteredBody')}
            action={<Button onClick={clear}>{t('desk.empty.clear')}</Button>}
          />
        ) : (
          <EmptyState title={t('desk.empty.title')} body={t('desk.empty.body')} />
        )
      ) : null}
      {rows && rows.length > 0 ? isPhone ? <DeskCards campaigns={rows} /> : <DeskTable campaigns={rows} /> : null}
      <Pager page={values.page} total={total} pageSize={PAGE_SIZE} onChange={(page) => update({ page })} />
    </>
  );
}

/** The brand's campaign desk: every campaign with its state, what waits for the brand and its spend (ADR 038). */
export function BrandCampaignsPage() {
  return (
    <RoleOnly allow={['brand']} note="brandCampaigns.onlyBrands">
      <BrandDesk />
    </RoleOnly>
  );
}
