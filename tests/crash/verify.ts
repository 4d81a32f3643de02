import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@kollab/db';
import type { Inspector } from './storage.ts';
import { type Acks, type Actor, type ClaimState, type ClaimStatus, LIVE_STATUSES } from './workload.ts';

/** How many acknowledged writes a check looked for, how many it could not find, and which. */
export interface Presence {
  looked: number;
  lost: number;
  details: string[];
}

function tracker(looked = 0) {
  const presence: Presence = { looked, lost: 0, details: [] };
  const miss = (what: string, writes = 1) => {
    presence.lost += writes;
    presence.details.push(what);
  };
  return { presence, miss };
}

export interface Invariant {
  name: string;
  violations: string[];
}

const SLOT_HOLDING = "('approved', 'submitted', 'changes_requested', 'accepted')";

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Looks for this round's acknowledged writes through the restarted server's API, as their users
 * would: every session still signs them in, every claim and its transitions are in its history,
 * every message is in its conversation, every withdrawal is listed and replaying its
 * Idempotency-Key answers the same withdrawal, every campaign and payment method is there.
 */
export async function verifyViaApi(
  round: Acks,
  all: Acks,
  actors: Map<string, Actor>,
  claims: Map<string, ClaimState>,
): Promise<Presence> {
  const { presence, miss } = tracker();
  const actorOf = (userId: string) => {
    const actor = actors.get(userId);
    if (!actor) throw new Error(`no actor for user ${userId}`);
    return actor;
  };

  for (const [userId] of round.sessions) {
    presence.looked += 1;
    const answer = await actorOf(userId).client.settled('GET', '/api/auth/session');
    if (answer.body?.user?.id !== userId) miss(`session of ${userId}`);
  }
  for (const [id, userId] of round.paymentMethods) {
    presence.looked += 1;
    const answer = await actorOf(userId).client.settled('GET', '/api/user/payment-methods/get');
    if (!answer.body?.data?.some((method: { id: string }) => method.id === id)) miss(`payment method ${id}`);
  }
  for (const [id, brandId] of round.campaigns) {
    presence.looked += 1;
    const answer = await actorOf(brandId).client.settled('GET', `/api/campaigns/${id}`);
    if (answer.status !== 200 || answer.body?.data?.id !== id) miss(`campaign ${id} (${answer.status})`);
  }

  // Claims and transitions: one read of each claim touched this round, checked against every acknowledged transition.
  const expected = countBy(all.transitions, (t) => `${t.claimId} ${t.to}`);
  const touched = new Set([...round.claims.keys(), ...round.transitions.map((t) => t.claimId)]);
  const roundTransitions = countBy(round.transitions, (t) => `${t.claimId} ${t.to}`);
  for (const claimId of touched) {
    const creatorId = all.claims.get(claimId)?.creatorId ?? claims.get(claimId)?.creatorId ?? '';
    const answer = await actorOf(creatorId).client.settled('GET', `/api/claims/${claimId}`);
    const events: { toStatus: ClaimStatus }[] = answer.status === 200 ? answer.body.data.events : [];
    if (round.claims.has(claimId)) {
      presence.looked += 1;
      if (answer.status !== 200 || !events.some((e) => e.toStatus === 'pending')) miss(`claim ${claimId}`);
    }
    const seen = countBy(events, (e) => `${claimId} ${e.toStatus}`);
    for (const [key, inRound] of roundTransitions) {
      if (!key.startsWith(`${claimId} `)) continue;
      presence.looked += inRound;
      // Transitions to the same status in earlier rounds are in the history too: only a shortfall is lost.
      const acknowledged = expected.get(key) ?? 0;
      const lost = Math.min(inRound, acknowledged - (seen.get(key) ?? 0));
      if (lost > 0) miss(`transition ${key}: acknowledged ${acknowledged}, in the history ${seen.get(key) ?? 0}`, lost);
    }
  }

  // Messages: read each conversation that got one this round, oldest first.
  const byClaim = new Map<string, number[]>();
  for (const [id, message] of round.messages)
    byClaim.set(message.claimId, [...(byClaim.get(message.claimId) ?? []), id]);
  for (const [claimId, ids] of byClaim) {
    const reader = actorOf(all.claims.get(claimId)?.creatorId ?? claims.get(claimId)?.creatorId ?? '');
    const bodies = new Map<number, string>();
    for (let after = 0; ; ) {
      const answer = await reader.client.settled(
        'GET',
        `/api/conversations/${claimId}/messages?after=${after}&limit=100`,
      );
      const page: { id: number; body: string }[] = answer.body?.data ?? [];
      for (const message of page) bodies.set(message.id, message.body);
      if (page.length < 100) break;
      after = page[page.length - 1]?.id ?? after;
    }
    for (const id of ids) {
      presence.looked += 1;
      if (bodies.get(id) !== round.messages.get(id)?.body) miss(`message ${id} in conversation ${claimId}`);
    }
  }

  // Withdrawals: listed for their creator, and a replay of the key answers the very same withdrawal.
  const listed = new Map<string, Set<string>>();
  for (const [key, withdrawal] of round.withdrawals) {
    presence.looked += 1;
    const creator = actorOf(withdrawal.userId);
    let ids = listed.get(withdrawal.userId);
    if (!ids) {
      const answer = await creator.client.settled('GET', '/api/withdrawals');
      ids = new Set((answer.body?.data ?? []).map((w: { id: string }) => w.id));
      listed.set(withdrawal.userId, ids);
    }
    const replay = await creator.client.settled(
      'POST',
      '/api/withdrawals',
      { amountOre: withdrawal.amountOre, paymentMethodId: withdrawal.paymentMethodId },
      { 'Idempotency-Key': key },
    );
    if (!ids.has(withdrawal.id) || replay.status !== 201 || replay.body?.data?.id !== withdrawal.id) {
      miss(
        `withdrawal ${withdrawal.id}: ${ids.has(withdrawal.id) ? 'listed' : 'not listed'}, replaying its key answered ${replay.status} ${replay.body?.data?.id ?? ''}`,
      );
    }
  }
  return presence;
}

interface Tables {
  claims: { id: string; campaign_id: string; creator_id: string; status: ClaimStatus }[];
  events: { claim_id: string; from_status: ClaimStatus | null; to_status: ClaimStatus }[];
  messages: { id: string; claim_id: string; body: string }[];
  withdrawals: { id: string; user_id: string; amount_ore: string; payment_method_id: string | null }[];
  keys: { user_id: string; key: string; response_status: number; withdrawal_id: string | null }[];
  ids: (table: string) => Promise<Set<string>>;
}

async function readTables(db: Inspector): Promise<Tables> {
  return {
    claims: await db.rows('select id, campaign_id, creator_id, status::text as status from claims'),
    events: await db.rows(
      'select claim_id, from_status::text as from_status, to_status::text as to_status from claim_events',
    ),
    messages: await db.rows('select id::text as id, claim_id, body from messages'),
    withdrawals: await db.rows(
      'select id, user_id, amount_ore::text as amount_ore, payment_method_id from withdrawals',
    ),
    keys: await db.rows(
      "select user_id, key, response_status, response_body->'data'->>'id' as withdrawal_id from idempotency_keys",
    ),
    ids: async (table) => new Set((await db.rows<{ id: string }>(`select id from ${table}`)).map((row) => row.id)),
  };
}

/** Looks for every write acknowledged so far (all rounds) in the database itself. */
export async function findInDatabase(db: Inspector, acks: Acks): Promise<Presence> {
  const t = await readTables(db);
  const { presence, miss } = tracker(acks.total);
  const claims = new Map(t.claims.map((claim) => [claim.id, claim]));
  for (const [id, expected] of acks.claims) {
    const claim = claims.get(id);
    if (claim?.creator_id !== expected.creatorId || claim.campaign_id !== expected.campaignId) miss(`claim ${id}`);
  }
  const events = countBy(t.events, (e) => `${e.claim_id} ${e.to_status}`);
  for (const [key, count] of countBy(acks.transitions, (e) => `${e.claimId} ${e.to}`)) {
    const found = events.get(key) ?? 0;
    if (found < count) miss(`transition ${key}: acknowledged ${count}, found ${found}`, count - found);
  }
  const messages = new Map(t.messages.map((m) => [Number(m.id), m]));
  for (const [id, expected] of acks.messages) {
    const message = messages.get(id);
    if (message?.claim_id !== expected.claimId || message.body !== expected.body) miss(`message ${id}`);
  }
  const withdrawals = new Map(t.withdrawals.map((w) => [w.id, w]));
  const keys = new Map(t.keys.map((k) => [`${k.user_id} ${k.key}`, k]));
  for (const [key, expected] of acks.withdrawals) {
    const row = withdrawals.get(expected.id);
    const stored = keys.get(`${expected.userId} ${key}`)?.withdrawal_id;
    if (row?.user_id !== expected.userId || Number(row.amount_ore) !== expected.amountOre || stored !== expected.id) {
      miss(
        `withdrawal ${expected.id} (${row ? 'present' : 'absent'}; its Idempotency-Key ${key} answers ${stored ?? 'nothing'})`,
      );
    }
  }
  const campaigns = await t.ids('campaigns');
  for (const id of acks.campaigns.keys()) if (!campaigns.has(id)) miss(`campaign ${id}`);
  const methods = await t.ids('payment_methods');
  for (const id of acks.paymentMethods.keys()) if (!methods.has(id)) miss(`payment method ${id}`);
  const sessions = await t.ids('sessions');
  for (const [userId, cookie] of acks.sessions) {
    if (!sessions.has(cookie.split('.')[0] ?? '')) miss(`session of ${userId}`);
  }
  return presence;
}

/** True when the events can be ordered into one walk of the state machine from creation to `status`. */
function chainEndsAt(events: Tables['events'], status: ClaimStatus): boolean {
  const walk = (from: ClaimStatus | null, left: Tables['events']): boolean => {
    if (left.length === 0) return from === status;
    return left.some((event, index) => event.from_status === from && walk(event.to_status, left.toSpliced(index, 1)));
  };
  return walk(null, events);
}

/**
 * The invariants of DESIGN §3–§5 that a crash must not break, checked on the whole database, plus
 * a structural check of every table and index (amcheck) and of the migrations.
 */
/**
 * The text of every mail the server wrote to `DATA_DIR/mail` (it has no SMTP server here), with
 * quoted-printable soft line breaks undone so a link is whole again.
 */
export function readSentMails(dataDir: string): string[] {
  const folder = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    return [];
  }
  return files.map((file) =>
    readFileSync(join(folder, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '='),
  );
}

/**
 * Mail is queued in the transaction of the change that causes it (ADR 031): every claim event made
 * by a creator or a brand has its mail (linking to the claim) either still in the queue or sent.
 */
async function mailsOfClaimEvents(db: Inspector, seeded: Set<string>, sentMails: string[]): Promise<Invariant> {
  const events = await db.rows<{ claim_id: string; count: number }>(
    `select claim_id, count(*)::int as count from claim_events where actor_role in ('creator', 'brand') group by claim_id`,
  );
  const queued = await db.rows<{ text: string }>(
    "select data->>'text' as text from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active', 'failed')",
  );
  const texts = [...sentMails, ...queued.map((row) => row.text ?? '')];
  const violations: string[] = [];
  for (const { claim_id: claimId, count } of events) {
    if (seeded.has(claimId)) continue;
    const link = `/app/claims/${claimId}`;
    const mails = texts.filter((text) => text.includes(link)).length;
    if (mails < count) violations.push(`claim ${claimId}: ${count} changes, ${mails} mails queued or sent`);
  }
  return { name: 'every claim change by a creator or brand has its mail, queued or sent', violations };
}

export async function checkInvariants(
  db: Inspector,
  seededClaimIds: string[],
  sentMails: string[],
): Promise<Invariant[]> {
  const results: Invariant[] = [];
  const sqlCheck = async (name: string, text: string) => {
    const rows = await db.rows<Record<string, unknown>>(text);
    results.push({ name, violations: rows.map((row) => JSON.stringify(row)) });
  };

  await sqlCheck(
    'slots taken never exceed slots',
    'select id, slots, slots_taken from campaigns where slots_taken > slots or slots_taken < 0',
  );
  await sqlCheck(
    'slots taken equal the slot-holding claims',
    `select c.id, c.slots_taken, count(cl.id)::int as holding from campaigns c
       left join claims cl on cl.campaign_id = c.id and cl.status in ${SLOT_HOLDING}
      group by c.id, c.slots_taken having c.slots_taken <> count(cl.id)`,
  );
  await sqlCheck(
    'one live claim per creator and campaign',
    `select campaign_id, creator_id, count(*)::int as live from claims
      where status in (${LIVE_STATUSES.map((s) => `'${s}'`).join(', ')})
      group by campaign_id, creator_id having count(*) > 1`,
  );
  const t = await readTables(db);
  const seeded = new Set(seededClaimIds);
  const eventsByClaim = new Map<string, Tables['events']>();
  for (const event of t.events)
    eventsByClaim.set(event.claim_id, [...(eventsByClaim.get(event.claim_id) ?? []), event]);
  results.push({
    name: "each claim's history is one walk of the state machine ending in its status",
    violations: t.claims
      .filter((claim) => !seeded.has(claim.id) && !chainEndsAt(eventsByClaim.get(claim.id) ?? [], claim.status))
      .map((claim) => `${claim.id} is ${claim.status}; history ${JSON.stringify(eventsByClaim.get(claim.id) ?? [])}`),
  });
  await sqlCheck(
    'every posting has entries that sum to zero',
    `select p.id, p.reference, coalesce(sum(e.amount_ore), 0)::text as sum, count(e.id)::int as entries
       from postings p left join ledger_entries e on e.posting_id = p.id
      group by p.id, p.reference having count(e.id) = 0 or coalesce(sum(e.amount_ore), 0) <> 0`,
  );
  await sqlCheck(
    'no negative creator balance',
    `select holder_id, account, amount_ore::text from balances
      where account in ('creator_available', 'creator_pending') and amount_ore < 0`,
  );
  await sqlCheck(
    'balances equal the sums of the ledger entries',
    `select coalesce(b.holder_id, l.holder_id) as holder_id, coalesce(b.account, l.account)::text as account,
            b.amount_ore::text as balance, l.total::text as entries
       from balances b
       full join (select holder_id, account, sum(amount_ore) as total from ledger_entries group by holder_id, account) l
         on l.holder_id = b.holder_id and l.account = b.account
      where coalesce(b.amount_ore, 0) <> coalesce(l.total, 0)`,
  );
  await sqlCheck(
    'every accepted claim is credited exactly once (its earning split once, the net to the creator), and only accepted claims are',
    `select c.id, c.status::text, count(p.id)::int as postings from claims c
       left join postings p on p.reference = 'claim:' || c.id || ':accepted'
       left join creator_earnings ce on ce.claim_id = c.id and ce.payout_ore = c.payout_ore
       left join ledger_entries e on e.posting_id = p.id and e.account = 'creator_available'
        and e.holder_id = c.creator_id and e.amount_ore = ce.net_ore + ce.vat_ore
      group by c.id, c.status having count(p.id) <> (case when c.status = 'accepted' then 1 else 0 end)
          or count(ce.id) <> count(p.id)
          or count(e.id) <> count(p.id) filter (where ce.net_ore + ce.vat_ore > 0)`,
  );
  await sqlCheck(
    'every withdrawal is debited exactly once (available -amount, pending +amount)',
    `select w.id, w.amount_ore::text, count(distinct p.id)::int as postings, count(e.id)::int as entries,
            count(e.id) filter (where e.account = 'creator_available' and e.amount_ore = -w.amount_ore)::int as debits,
            count(e.id) filter (where e.account = 'creator_pending' and e.amount_ore = w.amount_ore)::int as credits
       from withdrawals w
       left join postings p on p.reference = 'withdrawal:' || w.id || ':requested'
       left join ledger_entries e on e.posting_id = p.id and e.holder_id = w.user_id
      group by w.id, w.amount_ore
     having count(distinct p.id) <> 1 or count(e.id) <> 2
         or count(e.id) filter (where e.account = 'creator_available' and e.amount_ore = -w.amount_ore) <> 1
         or count(e.id) filter (where e.account = 'creator_pending' and e.amount_ore = w.amount_ore) <> 1`,
  );
  await sqlCheck(
    'no withdrawal posting without its withdrawal',
    `select p.reference from postings p where p.reference like 'withdrawal:%:requested'
        and not exists (select 1 from withdrawals w where p.reference = 'withdrawal:' || w.id || ':requested')`,
  );
  const keysByWithdrawal = countBy(
    t.keys.filter((k) => k.response_status === 201 && k.withdrawal_id),
    (k) => `${k.user_id} ${k.withdrawal_id}`,
  );
  results.push({
    name: 'every withdrawal belongs to exactly one Idempotency-Key, and no key is half-written',
    violations: [
      ...t.withdrawals
        .filter((w) => keysByWithdrawal.get(`${w.user_id} ${w.id}`) !== 1)
        .map((w) => `withdrawal ${w.id} has ${keysByWithdrawal.get(`${w.user_id} ${w.id}`) ?? 0} keys`),
      ...t.keys
        .filter((k) => k.response_status !== 200 && k.response_status !== 201)
        .map((k) => `key ${k.key} has status ${k.response_status}`),
      ...t.keys
        .filter(
          (k) => k.response_status === 201 && k.withdrawal_id && !t.withdrawals.some((w) => w.id === k.withdrawal_id),
        )
        .map((k) => `key ${k.key} answers withdrawal ${k.withdrawal_id}, which does not exist`),
    ],
  });
  const claimIds = new Set(t.claims.map((c) => c.id));
  results.push({
    name: 'messages have unique ids and belong to existing conversations',
    violations: [
      ...[...countBy(t.messages, (m) => m.id)].filter(([, n]) => n > 1).map(([id, n]) => `message ${id} ×${n}`),
      ...t.messages
        .filter((m) => !claimIds.has(m.claim_id))
        .map((m) => `message ${m.id} in missing claim ${m.claim_id}`),
    ],
  });
  const [sequence] = await db.rows<{ last_value: string; max_id: string }>(
    `select (select last_value from messages_id_seq)::text as last_value,
            (select coalesce(max(id), 0) from messages)::text as max_id`,
  );
  results.push({
    name: 'the message id sequence is ahead of every message (no id is handed out twice)',
    violations:
      sequence && BigInt(sequence.last_value) >= BigInt(sequence.max_id)
        ? []
        : [`sequence at ${sequence?.last_value}, newest message ${sequence?.max_id}`],
  });
  const migrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).length;
  await sqlCheck(
    'every migration applied exactly once',
    `select count(*)::int as applied, count(distinct hash)::int as distinct_hashes, ${migrations} as expected
       from drizzle.__drizzle_migrations having count(*) <> ${migrations} or count(distinct hash) <> ${migrations}`,
  );
  results.push(await mailsOfClaimEvents(db, seeded, sentMails));
  results.push({ name: 'amcheck: heap pages and btree indexes intact', violations: await structuralCheck(db) });
  return results;
}

/** amcheck over every table (verify_heapam) and btree index (bt_index_check with heapallindexed). */
async function structuralCheck(db: Inspector): Promise<string[]> {
  await db.rows('create extension if not exists amcheck');
  const violations: string[] = [];
  const tables = await db.rows<{ oid: string; name: string }>(
    `select c.oid::text as oid, n.nspname || '.' || c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'drizzle')`,
  );
  for (const table of tables) {
    const rows = await db.rows<Record<string, unknown>>(`select * from verify_heapam(${table.oid}::oid::regclass)`);
    for (const row of rows) violations.push(`${table.name}: ${JSON.stringify(row)}`);
  }
  const indexes = await db.rows<{ oid: string; name: string }>(
    `select c.oid::text as oid, c.relname as name from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace
      where am.amname = 'btree' and n.nspname in ('public', 'drizzle')`,
  );
  for (const index of indexes) {
    try {
      await db.rows(`select bt_index_check(${index.oid}::oid::regclass, true)`);
    } catch (error) {
      violations.push(`${index.name}: ${(error as Error).message}`);
    }
  }
  return violations;
}
