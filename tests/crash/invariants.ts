import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '@kollab/db';
import type { Inspector } from './storage.ts';
import { countBy, readTables, type Tables } from './verify.ts';
import { type ClaimStatus, LIVE_STATUSES } from './workload.ts';

export interface Invariant {
  name: string;
  violations: string[];
}

const SLOT_HOLDING = "('approved', 'submitted', 'changes_requested', 'accepted')";

/** True when the events can be ordered into one walk of the state machine from creation to `status`. */
function chainEndsAt(events: Tables['events'], status: ClaimStatus): boolean {
  const walk = (from: ClaimStatus | null, left: Tables['events']): boolean => {
    if (left.length === 0) return from === status;
    return left.some((event, index) => event.from_status === from && walk(event.to_status, left.toSpliced(index, 1)));
  };
  return walk(null, events);
}

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

/**
 * The invariants of DESIGN §3–§5 that a crash must not break, checked on the whole database, plus
 * a structural check of every table and index (amcheck) and of the migrations.
 */
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
