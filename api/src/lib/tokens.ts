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
