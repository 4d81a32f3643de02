import { describe, expect, it } from 'vitest';
import { parseOrgNumber } from './org-number.ts';

describe('parseOrgNumber', () => {
  it.each([
    ['556016-0680', '556016-0680'],
    ['5560160680', '556016-0680'],
    ['16 556016-0680', '556016-0680'],
    ['802002-4280', '802002-4280'],
  ])('accepts %s', (input, normalized) => {
    expect(parseOrgNumber(input)).toEqual({ ok: true, value: normalized });
  });

  it.each(['556016-0681', '55601606', 'ABCDEF-GHIJ', '', '17 556016-0680'])('rejects %s', (input) => {
    expect(parseOrgNumber(input)).toEqual({ ok: false, error: 'invalid_org_number' });
  });
});
