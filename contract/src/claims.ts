/**
 * Every status a claim can have, in the order of the database enum (db/src/schema/campaigns.ts
 * builds its `claim_status` type from this list, so a new status starts here and needs a migration).
 */
export const CLAIM_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'submitted',
  'changes_requested',
  'accepted',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Who makes a transition; admins may make any of them (with a reason). */
export type ClaimParty = 'creator' | 'brand' | 'system';

/**
 * The claim state machine (DESIGN §3): which transitions exist and which party makes each one.
 * Admins may make any of them, with a reason. Anything not listed is a 409.
 *
 * `system` cancels a claim at any point before it is decided when the creator's or the brand's
 * account is erased (ADR 022); neither party can cancel a claim that holds a slot themselves.
 */
export const TRANSITIONS: Record<ClaimStatus, Partial<Record<ClaimStatus, ClaimParty[]>>> = {
  pending: { approved: ['brand'], rejected: ['brand'], cancelled: ['creator', 'system'], expired: ['system'] },
  approved: { submitted: ['creator'], cancelled: ['system'] },
  submitted: {
    changes_requested: ['brand'],
    accepted: ['brand', 'system'],
    rejected: ['brand'],
    cancelled: ['system'],
  },
  changes_requested: { submitted: ['creator'], cancelled: ['system'] },
  rejected: {},
  cancelled: {},
  expired: {},
  accepted: {},
};

/** Claims in these states hold one of the campaign's slots. */
export const SLOT_HOLDING: ReadonlySet<ClaimStatus> = new Set([
  'approved',
  'submitted',
  'changes_requested',
  'accepted',
]);

export function canTransition(from: ClaimStatus, to: ClaimStatus, party: ClaimParty | 'admin'): boolean {
  const parties = TRANSITIONS[from][to];
  if (!parties) return false;
  return party === 'admin' || parties.includes(party);
}

/** Whether the creator or the brand can make this transition (false for the system's own ones). */
export function isPartyTransition(from: ClaimStatus, to: ClaimStatus): boolean {
  const parties = TRANSITIONS[from][to] ?? [];
  return parties.includes('creator') || parties.includes('brand');
}

/** +1 when the transition takes a slot, -1 when it frees one, 0 otherwise. */
export function slotDelta(from: ClaimStatus, to: ClaimStatus): -1 | 0 | 1 {
  const before = SLOT_HOLDING.has(from);
  const after = SLOT_HOLDING.has(to);
  if (before === after) return 0;
  return after ? 1 : -1;
}
