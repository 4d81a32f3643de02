import type { Inspector } from './storage.ts';
import type { Acks, Actor, ClaimState, ClaimStatus } from './workload.ts';

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

export function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
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

export interface Tables {
  claims: { id: string; campaign_id: string; creator_id: string; status: ClaimStatus }[];
  events: { claim_id: string; from_status: ClaimStatus | null; to_status: ClaimStatus }[];
  messages: { id: string; claim_id: string; body: string }[];
  withdrawals: { id: string; user_id: string; amount_ore: string; payment_method_id: string | null }[];
  keys: { user_id: string; key: string; response_status: number; withdrawal_id: string | null }[];
  ids: (table: string) => Promise<Set<string>>;
}

export async function readTables(db: Inspector): Promise<Tables> {
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
