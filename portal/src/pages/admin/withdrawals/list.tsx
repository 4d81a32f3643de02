import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useList, useNotification } from '@refinedev/core';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FarPageNotice } from '../../../components/admin/far-page-notice';
import { RoleOnly } from '../../../components/auth/role-only';
import { PageHeader } from '../../../components/layout/page-header';
import { LoadError } from '../../../components/money/load-error';
import {
  type AdminWithdrawal,
  PAYOUTS_PAGE_SIZES,
  type PayoutsSortField,
  useMoneyFormat,
  WITHDRAWAL_STATUSES,
  type Withdrawal,
  type WithdrawalStatus,
} from '../../../components/money/money';
import { type SettleAction, SettleDialog } from '../../../components/money/settle-dialog';
import { SwishDialog } from '../../../components/money/swish-dialog';
import { useLocale } from '../../../hooks/use-locale';
import { useT } from '../../../hooks/use-t';
import { type ApiError, apiFetch } from '../../../lib/api-fetch';
import { errorText, fieldCodes, validationText } from '../../../lib/error-text';
import { formatCount } from '../../../lib/format-count';
import { lazyNamed } from '../../../lib/lazy-named';
import { pageReachable } from '../../../providers/data-provider';
import type { MessageKey } from '../../../providers/i18n-provider';

// The data grid is the largest dependency in the portal: its own chunk, behind a skeleton.
const PayoutsGrid = lazyNamed(() => import('../../../components/money/payouts-grid'), 'PayoutsGrid');

type StatusFilter = WithdrawalStatus | 'all';

const DONE: Partial<Record<WithdrawalStatus, MessageKey>> = {
  paid: 'money.admin.pay.done',
  sent: 'payouts.swish.done',
  rejected: 'money.admin.reject.done',
};

interface QueueState {
  page: number;
  pageSize: number;
  status: StatusFilter;
  sort: PayoutsSortField;
  order: 'asc' | 'desc';
}

/** Opens on what needs doing: the oldest requested withdrawals first. */
const DEFAULTS: QueueState = { page: 1, pageSize: 25, status: 'requested', sort: 'createdAt', order: 'asc' };

/** The queue's state from the URL (`?page=2&status=all&sort=amountOre&order=desc`), defaults left out. */
function readState(params: URLSearchParams): QueueState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
    pageSize: PAYOUTS_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULTS.pageSize,
    status:
      status === 'all' || WITHDRAWAL_STATUSES.includes(status as WithdrawalStatus)
        ? (status as StatusFilter)
        : DEFAULTS.status,
    sort: sort === 'amountOre' || sort === 'createdAt' ? sort : DEFAULTS.sort,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

function writeState(state: QueueState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as (keyof QueueState)[]) {
    if (state[key] !== DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** Admins: the payouts queue. */
export function AdminWithdrawalsPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <PayoutsQueue />
    </RoleOnly>
  );
}

function PayoutsQueue() {
  const t = useT();
  const format = useMoneyFormat();
  const locale = useLocale();
  const { open: notify } = useNotification();
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [settled, setSettled] = useState<Map<string, Withdrawal>>(new Map());
  const [target, setTarget] = useState<{ withdrawal: AdminWithdrawal; action: SettleAction } | null>(null);
  const [swishTarget, setSwishTarget] = useState<AdminWithdrawal | null>(null);
  const [batching, setBatching] = useState(false);
  const navigate = useNavigate();

  const list = {
    resource: 'admin/withdrawals',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' as const },
    sorters: [{ field: state.sort, order: state.order }],
    filters: state.status === 'all' ? [] : [{ field: 'status', operator: 'eq' as const, value: state.status }],
  };
  // Pages by number only within the first MONEY_NUMBERED_ROWS rows, further in by the previous
  // page's cursor (ADR 036), as the admin tables (admin-table.tsx): a deeper page opened by its
  // address asks nothing and says how to get there.
  const reachable = pageReachable(list, MONEY_NUMBERED_ROWS);
  const { result, query } = useList<AdminWithdrawal, ApiError>({
    ...list,
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous, enabled: reachable },
  });
  // The grid keeps the last total while the next page loads (told 0 rows it goes back to page 1).
  const [shownTotal, setShownTotal] = useState(0);
  if (result.total !== undefined && result.total !== shownTotal) setShownTotal(result.total);
  const totalIsEstimate = (query.data as { totalIsEstimate?: boolean } | undefined)?.totalIsEstimate === true;
  // Rows settled here show their new status until the next load.
  const rows = useMemo(() => result.data.map((row) => ({ ...row, ...settled.get(row.id) })), [result.data, settled]);

  const update = (change: Partial<QueueState>) => {
    const next = writeState({ ...state, ...change });
    if (next.toString() === writeState(state).toString()) return;
    setSelectedIds([]);
    setParams(next);
  };
  const onAction = useCallback(
    (withdrawal: AdminWithdrawal, action: SettleAction | 'swish') =>
      action === 'swish' ? setSwishTarget(withdrawal) : setTarget({ withdrawal, action }),
    [],
  );
  const onSettled = (withdrawal: Withdrawal) => {
    setSettled((previous) => new Map(previous).set(withdrawal.id, withdrawal));
    setSelectedIds((previous) => previous.filter((id) => id !== withdrawal.id));
    setTarget(null);
    setSwishTarget(null);
    notify?.({
      type: 'success',
      message: t(DONE[withdrawal.status] ?? 'money.admin.reject.done', {
        amount: format.sek(withdrawal.amountOre),
      }),
    });
  };
  const onConflict = () => {
    setTarget(null);
    setSwishTarget(null);
    setSettled(new Map());
    void query.refetch();
    notify?.({ type: 'error', message: t('money.admin.alreadySettled') });
  };

  const exportIds = selectedIds.filter((id) => rows.some((row) => row.id === id && row.status === 'requested'));
  const exportHref =
    exportIds.length > 0
      ? `/api/admin/withdrawals/export?ids=${exportIds.map(encodeURIComponent).join(',')}`
      : undefined;
  // Requested withdrawals to bank accounts and IBANs go into a payout batch (a pain.001 file).
  const batchIds = selectedIds.filter((id) =>
    rows.some(
      (row) =>
        row.id === id &&
        row.status === 'requested' &&
        (row.paymentMethodType === 'bank_account' || row.paymentMethodType === 'iban'),
    ),
  );
  const createBatch = async () => {
    setBatching(true);
    try {
      const result = await apiFetch<{ data: { messageId: string; payoutCount: number }; skipped: unknown[] }>(
        '/api/admin/payout-batches',
        { method: 'POST', json: { withdrawalIds: batchIds } },
      );
      notify?.({
        type: 'success',
        message: t('payouts.batch.created', {
          count: result.data.payoutCount,
          skipped: result.skipped.length,
          id: result.data.messageId,
        }),
      });
      void navigate('/admin/payout-batches');
    } catch (caught) {
      const [code] = fieldCodes(caught, 'withdrawalIds');
      notify?.({ type: 'error', message: code ? validationText(t, code) : errorText(t, caught) });
      void query.refetch();
    } finally {
      setBatching(false);
    }
  };
  const batchButton = (
    <Button
      variant="contained"
      startIcon={<AccountBalance />}
      disabled={batchIds.length === 0}
      loading={batching}
      onClick={() => void createBatch()}
      sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('payouts.batch.create', { count: batchIds.length })}
    </Button>
  );
  const exportButton = (
    <Button
      component="a"
      href={exportHref}
      download
      variant="outlined"
      startIcon={<Download />}
      disabled={!exportHref}
      sx={{ alignSelf: { sm: 'center' }, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('money.admin.export', { count: exportIds.length })}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('money.admin.title')}
        intro={t('money.admin.intro')}
        action={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {batchButton}
            {exportButton}
          </Box>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('money.admin.statusFilter')}
          value={state.status}
          onChange={(event) => {
            setSettled(new Map());
            update({ status: event.target.value as StatusFilter, page: 1 });
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="requested">{t('money.admin.filter.requested')}</MenuItem>
          <MenuItem value="sent">{t('money.admin.filter.sent')}</MenuItem>
          <MenuItem value="paid">{t('money.admin.filter.paid')}</MenuItem>
          <MenuItem value="returned">{t('money.admin.filter.returned')}</MenuItem>
          <MenuItem value="rejected">{t('money.admin.filter.rejected')}</MenuItem>
          <MenuItem value="all">{t('money.admin.filter.all')}</MenuItem>
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status">
          {result.total === undefined || !reachable
            ? null
            : t(totalIsEstimate ? 'money.admin.totalEstimate' : 'money.admin.total', {
                count: formatCount(result.total, locale),
              })}
        </Typography>
      </Box>
      {query.error ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {reachable ? null : (
        <FarPageNotice rows={MONEY_NUMBERED_ROWS} pageSize={state.pageSize} onFirst={() => update({ page: 1 })} />
      )}
      {reachable ? (
        <Suspense
          fallback={<Skeleton variant="rounded" height={300} role="progressbar" aria-label={t('app.loading')} />}
        >
          <PayoutsGrid
            rows={rows}
            total={shownTotal}
            loading={query.isFetching}
            status={state.status}
            page={state.page}
            pageSize={state.pageSize}
            sort={state.sort}
            order={state.order}
            onPage={({ page, pageSize }) => update({ page: pageSize === state.pageSize ? page : 1, pageSize })}
            onSort={({ sort, order }) => update({ page: 1, sort: sort ?? DEFAULTS.sort, order })}
            selectedIds={selectedIds}
            onSelect={setSelectedIds}
            onAction={onAction}
          />
        </Suspense>
      ) : null}
      <SettleDialog target={target} onClose={() => setTarget(null)} onSettled={onSettled} onConflict={onConflict} />
      <SwishDialog
        target={swishTarget}
        onClose={() => setSwishTarget(null)}
        onSent={onSettled}
        onConflict={onConflict}
      />
    </>
  );
}
