import { checkInvariants } from './invariants.ts';
import type { Inspector } from './storage.ts';
import { findInDatabase } from './verify.ts';
import type { Acks } from './workload.ts';

interface Fault {
  what: string;
  /** The invariant that must report it, or `lost` for the acknowledged-write search. */
  caughtBy: string;
  /** Does the damage; returns a text the report must contain (so another fault cannot be caught in its place). */
  plant(db: Inspector): Promise<string>;
}

/**
 * Proves the checks are not vacuous: breaks a finished database in the ways a crash could (a lost
 * row, a half-applied transaction, a sequence set back) and expects each check to report its fault.
 * Only ever run on a copy or a throwaway database; triggers are switched off for the session so the
 * database's own guards do not stop the damage.
 */
export async function plantFaults(
  db: Inspector,
  acks: Acks,
  seededClaimIds: string[],
  sentMails: string[],
): Promise<{ planted: number; missed: string[] }> {
  let mails = sentMails;
  const [message] = [...acks.messages.keys()];
  const [withdrawal] = [...acks.withdrawals.values()];
  const [claim] = [...acks.claims.keys()];
  const faults: Fault[] = [
    {
      what: `acknowledged message ${message} lost`,
      caughtBy: 'lost',
      plant: async (db) => {
        await db.rows('delete from messages where id = $1', [message]);
        return `message ${message}`;
      },
    },
    {
      what: 'a balance moved without a ledger entry',
      caughtBy: 'balances equal the sums of the ledger entries',
      plant: async (db) => {
        // A creator's balance: since escrow (issue 16) platform_payouts may hold nothing to move.
        await db.rows(
          "update balances set amount_ore = amount_ore + 1 where account = 'creator_available' and holder_id = (select holder_id from balances where account = 'creator_available' order by holder_id limit 1)",
        );
        return '"account":"creator_available"';
      },
    },
    {
      what: `withdrawal ${withdrawal?.id} without its debit`,
      caughtBy: 'every withdrawal is debited exactly once (available -amount, pending +amount)',
      plant: async (db) => {
        const reference = `withdrawal:${withdrawal?.id}:requested`;
        await db.rows('delete from ledger_entries where posting_id in (select id from postings where reference = $1)', [
          reference,
        ]);
        await db.rows('delete from postings where reference = $1', [reference]);
        return `"id":"${withdrawal?.id}"`;
      },
    },
    {
      what: 'a slot taken without a claim holding it',
      caughtBy: 'slots taken equal the slot-holding claims',
      plant: async (db) => {
        const [campaign] = await db.rows<{ id: string }>(
          'update campaigns set slots_taken = slots_taken + 1 where id = (select id from campaigns where slots_taken < slots limit 1) returning id',
        );
        return `"id":"${campaign?.id}"`;
      },
    },
    {
      what: `claim ${claim} changed without its event`,
      caughtBy: "each claim's history is one walk of the state machine ending in its status",
      plant: async (db) => {
        await db.rows(
          "update claims set status = case when status = 'cancelled' then 'rejected' else 'cancelled' end::claim_status where id = $1",
          [claim],
        );
        return `${claim} is`;
      },
    },
    {
      what: 'an Idempotency-Key row without its answer',
      caughtBy: 'every withdrawal belongs to exactly one Idempotency-Key, and no key is half-written',
      plant: async (db) => {
        const key = [...acks.withdrawals].find(([, w]) => w === withdrawal)?.[0];
        await db.rows('update idempotency_keys set response_status = 0 where user_id = $1 and key = $2', [
          withdrawal?.userId,
          key,
        ]);
        return `key ${key} has status 0`;
      },
    },
    {
      what: `claim ${claim} changed and its mail lost (neither queued nor sent)`,
      caughtBy: 'every claim change by a creator or brand has its mail, queued or sent',
      plant: async (db) => {
        const link = `/app/claims/${claim}`;
        await db.rows("delete from pgboss.job where name = 'mail' and data->>'text' like $1", [`%${link}%`]);
        mails = sentMails.filter((text) => !text.includes(link));
        return `claim ${claim}:`;
      },
    },
    {
      what: 'the message id sequence set back',
      caughtBy: 'the message id sequence is ahead of every message (no id is handed out twice)',
      plant: async (db) => {
        await db.rows("select setval('messages_id_seq', 1)");
        return 'sequence at 1,';
      },
    },
  ];
  await db.rows('set session_replication_role = replica');
  const marks: string[] = [];
  for (const fault of faults) marks.push(await fault.plant(db));
  await db.rows('set session_replication_role = origin');
  const lost = await findInDatabase(db, acks);
  const invariants = await checkInvariants(db, seededClaimIds, mails);
  const missed: string[] = [];
  faults.forEach((fault, index) => {
    const reports =
      fault.caughtBy === 'lost'
        ? lost.details
        : invariants.filter((invariant) => invariant.name === fault.caughtBy).flatMap((i) => i.violations);
    if (!reports.some((report) => report.includes(marks[index] ?? '\u0000'))) {
      missed.push(`${fault.what} (expected "${fault.caughtBy}" to report ${marks[index]})`);
    }
  });
  return { planted: faults.length, missed };
}
