import { randomUUID } from 'node:crypto';
import type { Person } from './fixtures.ts';
import { WITHDRAWAL_ORE } from './fixtures.ts';
import type { Answer, Client } from './http.ts';

export type ClaimStatus =
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'expired'
  | 'submitted'
  | 'changes_requested'
  | 'accepted';

export const LIVE_STATUSES: readonly ClaimStatus[] = [
  'pending',
  'approved',
  'submitted',
  'changes_requested',
  'accepted',
];

export interface ClaimState {
  id: string;
  campaignId: string;
  creatorId: string;
  brandId: string;
  status: ClaimStatus;
}

export interface Actor {
  person: Person;
  client: Client;
  /** Creators: the payment method their withdrawals go to. */
  paymentMethodId?: string;
}

export interface AckedWithdrawal {
  id: string;
  userId: string;
  amountOre: number;
  paymentMethodId: string;
}

/** Every write the server acknowledged (answered 2xx), with the id it returned. */
export class Acks {
  claims = new Map<string, { creatorId: string; campaignId: string }>();
  transitions: { claimId: string; to: ClaimStatus }[] = [];
  messages = new Map<number, { claimId: string; body: string }>();
  /** By Idempotency-Key. */
  withdrawals = new Map<string, AckedWithdrawal>();
  campaigns = new Map<string, string>();
  paymentMethods = new Map<string, string>();
  /** Sessions made by signing in (cookie values), by user id. */
  sessions = new Map<string, string>();

  get total(): number {
    return (
      this.claims.size +
      this.transitions.length +
      this.messages.size +
      this.withdrawals.size +
      this.campaigns.size +
      this.paymentMethods.size +
      this.sessions.size
    );
  }

  breakdown(): string {
    return [
      `claims ${this.claims.size}`,
      `transitions ${this.transitions.length}`,
      `messages ${this.messages.size}`,
      `withdrawals ${this.withdrawals.size}`,
      `campaigns ${this.campaigns.size}`,
      ...(this.paymentMethods.size ? [`payment methods ${this.paymentMethods.size}`] : []),
      ...(this.sessions.size ? [`sessions ${this.sessions.size}`] : []),
    ].join(', ');
  }

  mergeInto(target: Acks): void {
    for (const [id, claim] of this.claims) target.claims.set(id, claim);
    target.transitions.push(...this.transitions);
    for (const [id, message] of this.messages) target.messages.set(id, message);
    for (const [key, withdrawal] of this.withdrawals) target.withdrawals.set(key, withdrawal);
    for (const [id, brandId] of this.campaigns) target.campaigns.set(id, brandId);
    for (const [id, userId] of this.paymentMethods) target.paymentMethods.set(id, userId);
    for (const [id, cookie] of this.sessions) target.sessions.set(id, cookie);
  }
}

/** What the stream knows of the world: the claims (refreshed from the database after every crash) and the campaigns. */
export interface World {
  claims: Map<string, ClaimState>;
  campaigns: { id: string; brandId: string }[];
  creators: Actor[];
  brands: Actor[];
}

/** Withdrawals sent without an answer (in flight at the kill): their keys are retried after the restart, as a client would. */
export type Unanswered = Map<string, { actor: Actor; body: { amountOre: number; paymentMethodId: string } }>;

export interface StreamResult {
  acks: Acks;
  /** Requests that got no answer: in flight when the server died, or sent after it. */
  unanswered: number;
  /** Non-2xx answers by status (conflicts, insufficient funds and the like are expected). */
  refused: Map<number, number>;
  /** Idempotency replays that answered the same withdrawal. */
  replays: number;
  /** Broken promises seen while writing (a replay answering a different withdrawal, a 5xx). */
  problems: string[];
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 86_400_000;

/**
 * Fires a steady stream of concurrent writes (every actor runs a few loops back to back) until
 * `stop()`; records each acknowledged write and keeps `world` up to date with what was acknowledged.
 */
export function startStream(world: World, round: number, unansweredWithdrawals: Unanswered) {
  const result: StreamResult = { acks: new Acks(), unanswered: 0, refused: new Map(), replays: 0, problems: [] };
  let stopped = false;
  let sequence = 0;

  /** Tallies an answer; true when it was an acknowledgement. */
  const tally = (what: string, answer: Answer): boolean => {
    if (answer.status >= 200 && answer.status < 300) return true;
    if (answer.status === 0) result.unanswered += 1;
    else result.refused.set(answer.status, (result.refused.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) result.problems.push(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return false;
  };

  const claimsWhere = (test: (claim: ClaimState) => boolean) => [...world.claims.values()].filter(test);

  const transition = async (actor: Actor, claim: ClaimState, action: string, to: ClaimStatus, body?: unknown) => {
    const answer = await actor.client.request('POST', `/api/claims/${claim.id}/${action}`, body ?? {});
    if (!tally(`${action} ${claim.id}`, answer)) return;
    result.acks.transitions.push({ claimId: claim.id, to });
    claim.status = answer.body.data.status;
  };

  const creatorLoops = (creator: Actor) => [
    // Claim a campaign this creator has no live claim on.
    async () => {
      const live = new Set(
        claimsWhere((c) => c.creatorId === creator.person.id && LIVE_STATUSES.includes(c.status)).map(
          (c) => c.campaignId,
        ),
      );
      const campaign = pick(world.campaigns.filter((c) => !live.has(c.id)));
      if (!campaign) return sleep(50);
      const answer = await creator.client.request('POST', `/api/campaigns/${campaign.id}/claims`, {
        guidelinesConfirmed: true,
      });
      if (!tally('claim', answer)) return;
      const id: string = answer.body.data.id;
      result.acks.claims.set(id, { creatorId: creator.person.id, campaignId: campaign.id });
      world.claims.set(id, {
        id,
        campaignId: campaign.id,
        creatorId: creator.person.id,
        brandId: campaign.brandId,
        status: answer.body.data.status,
      });
    },
    // Submit a video for an approved claim (or after changes were asked for); now and then cancel a pending one.
    async () => {
      const mine = claimsWhere((c) => c.creatorId === creator.person.id);
      const toSubmit = pick(mine.filter((c) => c.status === 'approved' || c.status === 'changes_requested'));
      if (toSubmit) {
        const url = `https://www.instagram.com/reel/Crash${round}x${++sequence}/`;
        return transition(creator, toSubmit, 'submit', 'submitted', { url, adLabelConfirmed: true });
      }
      const pending = pick(mine.filter((c) => c.status === 'pending'));
      if (pending && Math.random() < 0.1) return transition(creator, pending, 'cancel', 'cancelled');
      return sleep(20);
    },
    // Withdraw with a fresh Idempotency-Key; sometimes send the same key twice at once, or replay an earlier one.
    async () => {
      const body = { amountOre: WITHDRAWAL_ORE, paymentMethodId: creator.paymentMethodId ?? '' };
      const acked = [...result.acks.withdrawals].filter(([, w]) => w.userId === creator.person.id);
      const earlier = Math.random() < 0.15 ? pick(acked) : undefined;
      const key = earlier?.[0] ?? randomUUID();
      const copies = !earlier && Math.random() < 0.2 ? 2 : 1;
      const send = () =>
        creator.client.request('POST', '/api/withdrawals', body, { 'Idempotency-Key': key }).then((answer) => {
          if (!tally('withdrawal', answer)) {
            if (answer.status === 0 && !earlier) unansweredWithdrawals.set(key, { actor: creator, body });
            return undefined;
          }
          return answer.body.data as { id: string; amountOre: number };
        });
      const answers = (await Promise.all(Array.from({ length: copies }, send))).filter((a) => a !== undefined);
      const first = earlier?.[1] ?? answers[0];
      if (!first) return;
      unansweredWithdrawals.delete(key);
      for (const answer of answers) {
        if (answer.id !== first.id || answer.amountOre !== WITHDRAWAL_ORE) {
          result.problems.push(`Idempotency-Key ${key} answered withdrawal ${answer.id}, and also ${first.id}`);
        }
      }
      result.replays += answers.length - (earlier ? 0 : 1);
      if (!earlier) result.acks.withdrawals.set(key, { ...body, id: first.id, userId: creator.person.id });
    },
    () =>
      chat(
        creator,
        claimsWhere((c) => c.creatorId === creator.person.id),
      ),
  ];

  const brandLoops = (brand: Actor) => [
    // Review pending claims: mostly approve (which competes for the slots), sometimes reject.
    async () => {
      const claim = pick(claimsWhere((c) => c.brandId === brand.person.id && c.status === 'pending'));
      if (!claim) return sleep(20);
      if (Math.random() < 0.85) return transition(brand, claim, 'approve', 'approved');
      return transition(brand, claim, 'reject', 'rejected', { reason: 'Passar inte den här gången' });
    },
    // Review submissions: mostly accept (the payout is credited to the creator), else ask for changes or reject.
    async () => {
      const claim = pick(claimsWhere((c) => c.brandId === brand.person.id && c.status === 'submitted'));
      if (!claim) return sleep(20);
      const roll = Math.random();
      if (roll < 0.75) return transition(brand, claim, 'accept', 'accepted');
      if (roll < 0.9)
        return transition(brand, claim, 'request-changes', 'changes_requested', { reason: 'Visa loggan' });
      return transition(brand, claim, 'reject', 'rejected', { reason: 'Fel produkt i videon' });
    },
    () =>
      chat(
        brand,
        claimsWhere((c) => c.brandId === brand.person.id),
      ),
    // Create a draft campaign.
    async () => {
      const starts = Date.now() + 7 * DAY_MS;
      const answer = await brand.client.request('POST', '/api/campaigns', {
        title: `Kraschkampanj ${round}.${++sequence}`,
        description: 'Skapad medan servern kunde dö när som helst.',
        objectives: ['awareness'],
        categories: ['food'],
        platforms: ['instagram'],
        creatorTiers: ['nano'],
        budgetOre: 1_000_000,
        payoutOre: 100_000,
        slots: 5,
        startsAt: new Date(starts).toISOString(),
        endsAt: new Date(starts + 30 * DAY_MS).toISOString(),
      });
      if (tally('campaign', answer)) result.acks.campaigns.set(answer.body.data.id, brand.person.id);
      await sleep(50);
    },
  ];

  const chat = async (actor: Actor, claims: ClaimState[]) => {
    const claim = pick(claims);
    if (!claim) return sleep(20);
    const body = `Runda ${round}, meddelande ${++sequence} från ${actor.person.email} (${randomUUID().slice(0, 8)})`;
    const answer = await actor.client.request('POST', `/api/conversations/${claim.id}/messages`, { body });
    if (tally('message', answer)) result.acks.messages.set(answer.body.data.id, { claimId: claim.id, body });
  };

  const loops = [...world.creators.flatMap(creatorLoops), ...world.brands.flatMap(brandLoops)];
  const running = loops.map(async (step) => {
    while (!stopped) await step();
  });
  return {
    result,
    /** Sends nothing more (call it right at the kill, so only requests already in flight go unanswered). */
    halt(): void {
      stopped = true;
    },
    /** Stops sending and waits for the last answers (or failures) to come in. */
    async stop(): Promise<StreamResult> {
      stopped = true;
      await Promise.all(running);
      return result;
    },
  };
}
