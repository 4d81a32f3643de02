import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from './tokens.ts';

describe('tokens', () => {
  it('hashes as SHA-256 of the UTF-8 bytes, hex (FIPS 180-2 test vector): stored hashes keep matching', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('åäö')).toBe(hashToken('\u00e5\u00e4\u00f6'));
  });

  it('makes URL-safe tokens of 160 random bits by default', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });
});
