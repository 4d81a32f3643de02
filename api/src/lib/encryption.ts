import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`Encryption key must be ${KEY_BYTES} bytes`);
}

/** Encrypts with AES-256-GCM: 'v1.' + base64url(12-byte IV | ciphertext | 16-byte tag). */
export function encrypt(key: Buffer, plaintext: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
}

/** Decrypts a payload from `encrypt`; throws Error('Undecryptable payload') on a wrong key, tampering or bad format. */
export function decrypt(key: Buffer, payload: string): string {
  assertKey(key);
  const body = payload.startsWith(VERSION) ? payload.slice(VERSION.length) : '';
  if (!/^[A-Za-z0-9_-]+$/.test(body)) throw new Error('Undecryptable payload');
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== body) {
    throw new Error('Undecryptable payload');
  }
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const ciphertext = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('Undecryptable payload');
  }
}
