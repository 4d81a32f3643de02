import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, tokenMatchesHash } from './tokens.ts';

describe('tokens', () => {
  it('hashes as SHA-256 of the UTF-8 bytes, hex (FIPS 180-2 test vector): stored hashes keep matching', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('åäö')).toBe(hashToken('\u00e5\u00e4\u00f6'));
  });

  it('matches a token against its stored hash, and nothing else against it', () => {
    const stored = hashToken('abc');
    expect(tokenMatchesHash('abc', stored)).toBe(true);
    expect(tokenMatchesHash('abd', stored)).toBe(false);
    expect(tokenMatchesHash('abc', stored.toUpperCase())).toBe(false); // stored hashes are lower-case
    expect(tokenMatchesHash('abc', stored.slice(0, 62))).toBe(false);
    expect(tokenMatchesHash('abc', `${stored}00`)).toBe(false);
    expect(tokenMatchesHash('abc', `${stored.slice(0, 63)}z`)).toBe(false);
    expect(tokenMatchesHash('', hashToken(''))).toBe(true);
    expect(tokenMatchesHash('abc', '')).toBe(false);
  });

  it('makes URL-safe tokens of 160 random bits by default', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });
});
