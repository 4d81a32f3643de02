import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, canTransition, isPartyTransition, SLOT_HOLDING, slotDelta, TRANSITIONS } from './claims.ts';

// The HTTP behaviour of every transition is tested in api/src/modules/claims/claims.test.ts; these
// check the table itself, which the portal reads too.
describe('the claim state machine', () => {
  it('has a row for every status and names only known statuses', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...CLAIM_STATUSES].sort());
    for (const row of Object.values(TRANSITIONS)) {
      for (const to of Object.keys(row)) expect(CLAIM_STATUSES).toContain(to);
    }
  });

  it('lets each party make only its own transitions, and an admin any listed one', () => {
    expect(canTransition('pending', 'approved', 'brand')).toBe(true);
    expect(canTransition('pending', 'approved', 'creator')).toBe(false);
    expect(canTransition('pending', 'cancelled', 'creator')).toBe(true);
    expect(canTransition('submitted', 'accepted', 'system')).toBe(true);
    expect(canTransition('pending', 'expired', 'admin')).toBe(true);
    expect(canTransition('accepted', 'pending', 'admin')).toBe(false);
  });

  it('lets only the system (erasure) or an admin cancel a claim that holds a slot', () => {
    for (const from of ['approved', 'submitted', 'changes_requested'] as const) {
      expect(canTransition(from, 'cancelled', 'system')).toBe(true);
      expect(canTransition(from, 'cancelled', 'admin')).toBe(true);
      expect(canTransition(from, 'cancelled', 'creator')).toBe(false);
      expect(canTransition(from, 'cancelled', 'brand')).toBe(false);
      expect(isPartyTransition(from, 'cancelled')).toBe(false);
    }
    expect(canTransition('pending', 'cancelled', 'system')).toBe(true);
    expect(isPartyTransition('pending', 'cancelled')).toBe(true);
    expect(canTransition('accepted', 'cancelled', 'system')).toBe(false);
  });

  it('ends in rejected, cancelled, expired and accepted', () => {
    const final = CLAIM_STATUSES.filter((status) => Object.keys(TRANSITIONS[status]).length === 0);
    expect(final).toEqual(['rejected', 'cancelled', 'expired', 'accepted']);
  });

  it('counts a slot taken on approval and freed when a holding claim ends', () => {
    expect([...SLOT_HOLDING].sort()).toEqual(['accepted', 'approved', 'changes_requested', 'submitted']);
    expect(slotDelta('pending', 'approved')).toBe(1);
    expect(slotDelta('submitted', 'rejected')).toBe(-1);
    expect(slotDelta('submitted', 'accepted')).toBe(0);
    expect(slotDelta('pending', 'cancelled')).toBe(0);
    expect(slotDelta('changes_requested', 'cancelled')).toBe(-1);
  });
});
