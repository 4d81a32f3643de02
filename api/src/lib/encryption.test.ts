import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from './encryption.ts';

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);

/** Flips one bit of the decoded byte at `index` and re-encodes the payload. */
function flipByte(payload: string, index: number): string {
  const bytes = Buffer.from(payload.slice(3), 'base64url');
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return `v1.${bytes.toString('base64url')}`;
}

describe('encrypt/decrypt', () => {
  it('round-trips ASCII, unicode and the empty string', () => {
    for (const text of ['19811228-9874', 'Åsa Öberg – Malmö 🇸🇪 ✓', '', 'x'.repeat(10_000)]) {
      expect(decrypt(key, encrypt(key, text))).toBe(text);
    }
  });

  it("produces 'v1.' + base64url of IV (12) + ciphertext + tag (16)", () => {
    const payload = encrypt(key, 'hello');
    expect(payload).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(payload.slice(3), 'base64url')).toHaveLength(12 + 5 + 16);
  });

  it('produces a different ciphertext each time', () => {
    const a = encrypt(key, 'same text');
    const b = encrypt(key, 'same text');
    expect(a).not.toBe(b);
    expect(decrypt(key, a)).toBe('same text');
    expect(decrypt(key, b)).toBe('same text');
  });

  it('detects tampering with the IV, the ciphertext or the tag', () => {
    const payload = encrypt(key, 'secret account number');
    const length = Buffer.from(payload.slice(3), 'base64url').length;
    for (const index of [0, 11, 12, 20, length - 16, length - 1]) {
      expect(() => decrypt(key, flipByte(payload, index))).toThrow('Undecryptable payload');
    }
  });

  it('detects a truncated or extended payload', () => {
    const payload = encrypt(key, 'secret');
    expect(() => decrypt(key, payload.slice(0, -4))).toThrow('Undecryptable payload');
    expect(() => decrypt(key, `${payload}AAAA`)).toThrow('Undecryptable payload');
  });

  it('rejects the wrong key', () => {
    expect(() => decrypt(otherKey, encrypt(key, 'secret'))).toThrow('Undecryptable payload');
  });

  it('rejects a wrong or missing version prefix', () => {
    const payload = encrypt(key, 'secret');
    expect(() => decrypt(key, `v2.${payload.slice(3)}`)).toThrow('Undecryptable payload');
    expect(() => decrypt(key, payload.slice(3))).toThrow('Undecryptable payload');
    expect(() => decrypt(key, `V1.${payload.slice(3)}`)).toThrow('Undecryptable payload');
  });

  it.each([[''], ['v1.'], ['v1.AAAA'], ['v1.not base64!'], [`v1.${'A'.repeat(10)}`], ['garbage']])(
    'rejects the malformed payload %j',
    (payload) => {
      expect(() => decrypt(key, payload)).toThrow('Undecryptable payload');
    },
  );

  it('requires a 32-byte key', () => {
    expect(() => encrypt(Buffer.alloc(16), 'x')).toThrow('Encryption key must be 32 bytes');
    expect(() => decrypt(Buffer.alloc(31), encrypt(key, 'x'))).toThrow('Encryption key must be 32 bytes');
  });
});
