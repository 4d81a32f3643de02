import type { CreatorHome as CreatorHomeData, CreatorTodo } from '@kollab/contract/api/home';
import { PROFILE_STEPS, type ProfileStep } from '@kollab/contract/home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type Translate, useT } from '../../hooks/use-t';
import { type MoneyFormat, useMoneyFormat } from '../money/money';
import { HomeItem, HomeList, HomeSection } from './home-section';
import { RecentMessages } from './recent-messages';

/** Where each profile step is done. */
const STEP_LINKS: Record<ProfileStep, string> = {
  verify_email: '/account',
  personal_number: '/account',
  identity: '/account',
  link_accounts: '/profile',
  verify_accounts: '/profile',
  payment_method: '/payment-methods',
  tax_status: '/tax',
};

function todoLink(todo: CreatorTodo): string {
  return todo.kind === 'invitation' ? '/invitations' : `/claims/${encodeURIComponent(todo.id)}`;
}

function todoDetail(t: Translate, format: MoneyFormat, todo: CreatorTodo): string {
  const from = t('home.todos.from', { brand: todo.brandName });
  if (!todo.dueAt) return from;
  const date = format.date(todo.dueAt);
  if (todo.kind !== 'invitation') return `${from} · ${t('home.todos.dueBy', { date })}`;
  const left = todo.workingDaysLeft ?? 0;
  if (left === 0) return `${from} · ${t('home.todos.lastDay', { date })}`;
  if (left === 1) return `${from} · ${t('home.todos.workingDayLeft', { date })}`;
  return `${from} · ${t('home.todos.workingDaysLeft', { count: left, date })}`;
}

function Todos({ data }: { data: CreatorHomeData }) {
  const t = useT();
  const format = useMoneyFormat();
  const hasMore = data.todoCount > data.todos.length;
  return (
    <HomeSection
      title={t('home.todos.title')}
      count={data.todoCount}
      countLabel={t('home.count', { count: data.todoCount })}
      links={[
        hasMore
          ? { to: '/claims', label: t('home.more', { count: data.todoCount }) }
          : { to: '/claims', label: t('home.todos.allClaims') },
        { to: '/invitations', label: t('home.todos.allInvitations') },
      ]}
    >
      <HomeList
        empty={
          <>
            {t('home.todos.empty')}{' '}
            <Link component={RouterLink} to="/campaigns">
              {t('home.todos.emptyLink')}
            </Link>
          </>
        }
      >
        {data.todos.map((todo) => (
          <HomeItem
            key={`${todo.kind}:${todo.id}`}
            to={todoLink(todo)}
            label={t(`home.todos.${todo.kind}`, { campaign: todo.campaign.title, brand: todo.brandName })}
            detail={todoDetail(t, format, todo)}
          />
        ))}
      </HomeList>
    </HomeSection>
  );
}

function Balance({ balance }: { balance: CreatorHomeData['balance'] }) {
  const t = useT();
  const format = useMoneyFormat();
  return (
    <HomeSection title={t('home.balance.title')} links={[{ to: '/earnings', label: t('home.balance.earnings') }]}>
      <Typography variant="body2" color="text.secondary">
        {t('home.balance.available')}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 600 }}>
        {format.sek(balance.availableOre)}
      </Typography>
      {balance.pendingOre > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('home.balance.pending', { amount: format.sek(balance.pendingOre) })}
        </Typography>
      ) : null}
      <Button component={RouterLink} to="/withdrawal" variant="contained" sx={{ mt: 1.5 }}>
        {t('home.balance.withdraw')}
      </Button>
      {balance.availableOre < balance.minimumWithdrawalOre ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('home.balance.minimum', { amount: format.sek(balance.minimumWithdrawalOre) })}
        </Typography>
      ) : null}
    </HomeSection>
  );
}

function Profile({ profile }: { profile: CreatorHomeData['profile'] }) {
  const t = useT();
  const done = profile.done.length;
  const total = PROFILE_STEPS.length;
  const progress = t('home.profile.progress', { done, total });
  return (
    <HomeSection title={t('home.profile.title')}>
      <Typography variant="body2" color="text.secondary">
        {progress}
      </Typography>
      {/* A bar for the eye; the text above says the same (no progressbar role: nothing is loading). */}
      <Box aria-hidden sx={{ my: 1, height: 8, borderRadius: 4, bgcolor: 'action.selected', overflow: 'hidden' }}>
        <Box sx={{ height: '100%', width: `${(done / total) * 100}%`, bgcolor: 'primary.main' }} />
      </Box>
      {profile.next ? (
        <Typography>
          {t('home.profile.next')}:{' '}
          <Link component={RouterLink} to={STEP_LINKS[profile.next]}>
            {t(`home.profile.step.${profile.next}`)}
          </Link>
        </Typography>
      ) : (
        <Typography>{t('home.profile.complete')}</Typography>
      )}
    </HomeSection>
  );
}

/** The two columns from `md` up; on a phone their sections are one column, messages last. */
const column = { display: { xs: 'contents', md: 'grid' }, gap: 2, alignContent: 'start' } as const;

/** A creator's home: to-dos by deadline first, then balance, profile and messages beside them. */
export function CreatorHome({ data }: { data: CreatorHomeData }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
      }}
    >
      <Box sx={column}>
        <Todos data={data} />
        <Box sx={{ order: { xs: 1, md: 0 } }}>
          <RecentMessages {...data.messages} />
        </Box>
      </Box>
      <Box sx={column}>
        <Balance balance={data.balance} />
        <Profile profile={data.profile} />
      </Box>
    </Box>
  );
}
