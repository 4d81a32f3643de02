import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it.each([
    [0, '0', '0'],
    [999, '999', '999'],
    [1_000, '1\u00a0000', '1,000'],
    [75_000, '75\u00a0000', '75,000'],
    [1_234_567, '1\u00a0234\u00a0567', '1,234,567'],
    [-12_500, '−12\u00a0500', '-12,500'],
  ])('groups %d by thousands: sv %j, en %j', (value, sv, en) => {
    expect(formatCount(value, 'sv')).toBe(sv);
    expect(formatCount(value, 'en')).toBe(en);
  });

  it('rounds an estimate to a whole count', () => {
    expect(formatCount(74_999.6, 'sv')).toBe('75\u00a0000');
    expect(formatCount(74_999.6, 'en')).toBe('75,000');
  });
});
