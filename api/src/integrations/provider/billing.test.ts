import { describe, expect, it } from 'vitest';
import {
  creditsFromHundredths,
  emailSearchCost,
  freeCost,
  overlapCost,
  performanceCost,
  rawCost,
  rawErrorCost,
  reportCost,
  searchCost,
} from './billing.ts';
import type { EmailSearchResponse, SearchResponse } from './response-schemas.ts';

const hit = (id: string) => ({ userId: id, profile: { userId: id, followers: 1 } });

describe('provider costs', () => {
  it('search: 0.01 per hit returned, without float drift', () => {
    const page = (lookalikes: number, directs?: number): SearchResponse => ({
      total: 10_000,
      lookalikes: Array.from({ length: lookalikes }, (_, i) => hit(`l${i}`)),
      ...(directs === undefined ? {} : { directs: Array.from({ length: directs }, (_, i) => hit(`d${i}`)) }),
    });
    expect(searchCost(page(15, 0))).toEqual({ credits: 0.15, rawRequests: 0 });
    expect(searchCost(page(3))).toEqual({ credits: 0.03, rawRequests: 0 });
    // 35 × 0.01 in floating point is 0.35000000000000003.
    expect(searchCost(page(20, 15)).credits).toBe(0.35);
    expect(0.01 * 35).not.toBe(0.35);
    expect(searchCost(page(2, 1))).toEqual({ credits: 0.03, rawRequests: 0 });
    expect(searchCost(page(0, 0))).toEqual({ credits: 0, rawRequests: 0 });
  });

  it('flat prices', () => {
    expect(reportCost()).toEqual({ credits: 1, rawRequests: 0 });
    expect(overlapCost()).toEqual({ credits: 1, rawRequests: 0 });
    expect(performanceCost()).toEqual({ credits: 0.25, rawRequests: 0 });
    expect(freeCost()).toEqual({ credits: 0, rawRequests: 0 });
    expect(rawCost()).toEqual({ credits: 0, rawRequests: 1 });
  });

  it('email search: 0.02 per matched email only', () => {
    const result = (matched: number): EmailSearchResponse => ({
      matchedEmails: Array.from({ length: matched }, (_, i) => ({ email: `u${i}@example.com`, users: [] })),
      notMatchedEmails: ['x@example.com'],
    });
    expect(emailSearchCost(result(0))).toEqual({ credits: 0, rawRequests: 0 });
    expect(emailSearchCost(result(3))).toEqual({ credits: 0.06, rawRequests: 0 });
    expect(emailSearchCost(result(50))).toEqual({ credits: 1, rawRequests: 0 });
  });

  it('a failed raw call is billed only for 404', () => {
    expect(rawErrorCost(404)).toEqual({ credits: 0, rawRequests: 1 });
    expect(rawErrorCost(400)).toEqual({ credits: 0, rawRequests: 0 });
    expect(rawErrorCost(503)).toEqual({ credits: 0, rawRequests: 0 });
  });

  it('hundredths convert exactly', () => {
    expect(creditsFromHundredths(10 + 20)).toBe(0.3);
    expect(creditsFromHundredths(125)).toBe(1.25);
  });
});
