import { randomBytes } from 'node:crypto';
import { text, timestamp } from 'drizzle-orm/pg-core';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A 24-character opaque id (120 random bits, lowercase base32). */
export function newId(): string {
  const bytes = randomBytes(15);
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
  }
  return out;
}

export const id = () =>
  text()
    .primaryKey()
    .$defaultFn(() => newId());

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
