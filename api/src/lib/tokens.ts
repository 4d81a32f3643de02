import { hash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token with 160 bits of entropy, URL-safe (lowercase base32). */
export function generateToken(bytes = 20): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
}

/**
 * SHA-256 of a token (its UTF-8 bytes), hex: what the database keeps instead of the token itself.
 * Node's one-shot native hash (no Hash object): every signed-in request hashes its session secret.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * Whether `token` hashes to `storedHash` (hex, as `hashToken` writes it), compared in constant time:
 * every signed-in request checks its session secret this way. The two hex strings are compared
 * character by character without encoding either: a digest as a Buffer, or text as bytes, costs
 * an allocation of its own on every request (issue 21).
 */
export function tokenMatchesHash(token: string, storedHash: string): boolean {
  const presented = hashToken(token);
  if (presented.length !== storedHash.length) return false;
  let difference = 0;
  for (let index = 0; index < presented.length; index++) {
    difference |= presented.charCodeAt(index) ^ storedHash.charCodeAt(index);
  }
  return difference === 0;
}
