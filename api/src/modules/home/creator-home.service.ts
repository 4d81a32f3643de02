import type { CreatorHome, CreatorTodo } from '@kollab/contract/api/home';
import { HOME_LIST_LIMIT, PROFILE_STEPS, type ProfileStep } from '@kollab/contract/home';
import { RATING_WINDOW_DAYS } from '@kollab/contract/ratings';
import { type Database, queryRows } from '@kollab/db';
import {
  accountVerifications,
  balances,
  brandProfiles,
  campaigns,
  claims,
  creatorProfiles,
  creatorTaxProfiles,
  identityVerifications,
  invitations,
  paymentMethods,
  ratings,
  type User,
  users,
} from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { nextStockholmMidnight, workingDaysBetween } from '../../lib/working-days.ts';
import { recentConversations } from './recent-conversations.ts';
import { isoOrNull } from './rows.ts';

/**
 * The Swedish working days after today up to and including the respond-by day, as people count
 * "answer within 5 working days": 5 just after the invitation, 0 on its last day.
 */
function workingDaysLeft(now: Date, respondBy: Date): number {
  const startOfToday = nextStockholmMidnight(new Date(now.getTime() - 86_400_000));
  return workingDaysBetween(startOfToday, respondBy);
}

interface TodoRow {
  kind: CreatorTodo['kind'];
  id: string;
  campaign_id: string;
  title: string;
  brand_name: string | null;
  due_at: Date | string | null;
  total: number;
}

/**
 * The creator's open to-dos, soonest due first, in one statement over their own invitations and
 * claims (`invitations_creator_status_idx`, `claims_creator_created_at_id_idx`): pending invitations not yet
 * expired (due by the respond-by date), approved claims and claims with changes requested (due
 * when the campaign ends), and accepted claims they have not rated while the window is open.
 */
async function listTodos(db: Database, creator: User, now: Date): Promise<{ todos: CreatorTodo[]; total: number }> {
  const brandName = sql`coalesce((select bp.company_name from ${brandProfiles} bp where bp.user_id = c.brand_id),
                                 (select u.full_name from ${users} u where u.id = c.brand_id))`;
  const rows = await queryRows<TodoRow>(
    db,
    sql`select kind, id, campaign_id, title, brand_name, due_at, count(*) over ()::int as total from (
          select 'invitation' as kind, i.id, c.id as campaign_id, c.title, ${brandName} as brand_name,
                 i.respond_by as due_at
            from ${invitations} i join ${campaigns} c on c.id = i.campaign_id
           where i.creator_id = ${creator.id} and i.status = 'pending' and i.respond_by > ${now.toISOString()}::timestamptz
          union all
          select case cl.status when 'approved' then 'submit_video' else 'changes_requested' end,
                 cl.id, c.id, c.title, ${brandName}, c.ends_at
            from ${claims} cl join ${campaigns} c on c.id = cl.campaign_id
           where cl.creator_id = ${creator.id} and cl.status in ('approved', 'changes_requested')
          union all
          select 'rate', cl.id, c.id, c.title, ${brandName},
                 cl.accepted_at + make_interval(days => ${RATING_WINDOW_DAYS})
            from ${claims} cl join ${campaigns} c on c.id = cl.campaign_id
           where cl.creator_id = ${creator.id} and cl.status = 'accepted'
             and cl.accepted_at > ${now.toISOString()}::timestamptz - make_interval(days => ${RATING_WINDOW_DAYS})
             and not exists (select 1 from ${ratings} r where r.claim_id = cl.id and r.side = 'creator')
        ) todo
        order by due_at asc nulls last, id
        limit ${HOME_LIST_LIMIT}`,
  );
  const todos = rows.map((row): CreatorTodo => {
    const dueAt = isoOrNull(row.due_at);
    return {
      kind: row.kind,
      id: row.id,
      campaign: { id: row.campaign_id, title: row.title },
      brandName: row.brand_name ?? '',
      dueAt,
      workingDaysLeft: row.kind === 'invitation' && dueAt ? workingDaysLeft(now, new Date(dueAt)) : null,
    };
  });
  return { todos, total: rows[0]?.total ?? 0 };
}

type StepRow = Record<ProfileStep, boolean>;

/**
 * Which profile steps are done, read in one row: the e-mail verified, a personal number given, the
 * identity verified with BankID, an Instagram or TikTok handle linked, every linked handle
 * verified (its current row in `account_verifications`), a payment method, a tax status saved.
 */
async function profileSteps(db: Database, creator: User): Promise<CreatorHome['profile']> {
  const verified = (platform: 'instagram' | 'tiktok', handle: ReturnType<typeof sql>) =>
    sql`(${handle} is null or exists (select 1 from ${accountVerifications} av
          where av.creator_id = u.id and av.platform = ${platform} and av.handle = ${handle}
            and av.verified_at is not null))`;
  const [row] = await queryRows<StepRow>(
    db,
    sql`select u.email_verified_at is not null as verify_email,
               u.personal_number_encrypted is not null as personal_number,
               exists (select 1 from ${identityVerifications} iv where iv.user_id = u.id) as identity,
               (p.instagram_handle is not null or p.tiktok_handle is not null) as link_accounts,
               (p.instagram_handle is not null or p.tiktok_handle is not null)
                 and ${verified('instagram', sql`p.instagram_handle`)}
                 and ${verified('tiktok', sql`p.tiktok_handle`)} as verify_accounts,
               exists (select 1 from ${paymentMethods} pm where pm.user_id = u.id) as payment_method,
               exists (select 1 from ${creatorTaxProfiles} t where t.user_id = u.id) as tax_status
          from ${users} u left join ${creatorProfiles} p on p.user_id = u.id
         where u.id = ${creator.id}`,
  );
  const done = PROFILE_STEPS.filter((step) => row?.[step] === true);
  return { done, next: PROFILE_STEPS.find((step) => !done.includes(step)) ?? null };
}

async function balanceOf(db: Database, env: Env, creator: User): Promise<CreatorHome['balance']> {
  const rows = await queryRows<{ account: string; amount_ore: string | number }>(
    db,
    sql`select account, amount_ore from ${balances}
         where holder_id = ${creator.id} and account in ('creator_available', 'creator_pending')`,
  );
  const amount = (account: string) => Number(rows.find((row) => row.account === account)?.amount_ore ?? 0);
  return {
    availableOre: amount('creator_available'),
    pendingOre: amount('creator_pending'),
    minimumWithdrawalOre: env.MIN_WITHDRAWAL_SEK * 100,
  };
}

/** The creator's home: to-dos, balance, the profile's next step and recent messages (four queries at once). */
export async function creatorHome(db: Database, env: Env, creator: User, now = new Date()): Promise<CreatorHome> {
  const [{ todos, total }, balance, profile, messages] = await Promise.all([
    listTodos(db, creator, now),
    balanceOf(db, env, creator),
    profileSteps(db, creator),
    recentConversations(db, creator),
  ]);
  return { role: 'creator', todos, todoCount: total, balance, profile, messages };
}
