import { describe, expect, it } from 'vitest';
import { bankIdQrContent, secondsSince } from './qr.ts';
import { readQrVectors } from './reference.ts';

describe('the animated QR code', () => {
  const reference = readQrVectors();

  it('has BankID published example values to check against', () => {
    expect(reference.vectors.map((vector) => vector.time)).toEqual([0, 1, 2]);
  });

  for (const vector of reference.vectors) {
    it(`matches BankID's example at ${vector.time} s`, () => {
      const content = bankIdQrContent(reference.qrStartToken, reference.qrStartSecret, vector.time);
      expect(content).toBe(vector.content);
      expect(content.split('.')[3]).toBe(vector.qrAuthCode);
    });
  }

  it('changes every second and never repeats within an order', () => {
    const contents = Array.from({ length: 30 }, (_, second) => bankIdQrContent('token', 'secret', second));
    expect(new Set(contents).size).toBe(30);
    expect(contents[5]).toMatch(/^bankid\.token\.5\.[0-9a-f]{64}$/);
  });

  it('refuses a time that is not a whole number of seconds from 0', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => bankIdQrContent('t', 's', bad)).toThrow(RangeError);
  });

  it('counts whole seconds since the order started, never below 0', () => {
    const start = new Date('2026-11-26T10:00:00.000Z');
    expect(secondsSince(start, new Date('2026-11-26T10:00:00.999Z'))).toBe(0);
    expect(secondsSince(start, new Date('2026-11-26T10:00:01.000Z'))).toBe(1);
    expect(secondsSince(start, new Date('2026-11-26T10:02:05.400Z'))).toBe(125);
    expect(secondsSince(start, new Date('2026-11-26T09:59:58.000Z'))).toBe(0);
  });
});
