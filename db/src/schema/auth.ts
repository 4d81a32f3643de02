import { bigint, index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { id, newId } from './columns.ts';
import { users } from './users.ts';

/**
 * Lucia-style sessions: the cookie holds `<id>.<secret>`, only SHA-256(secret) is stored (ADR 003).
 * A session ends when idle too long or when too old, whichever comes first (ADR 021).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    /** What the account's session list shows and acts on; never part of the cookie (ADR 021). */
    publicId: text()
      .notNull()
      .unique('sessions_public_id_key')
      .$defaultFn(() => newId()),
    secretHash: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the user last proved who they are in this session (password, Google, mailed link). */
    authenticatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The latest request seen with this session, recorded at most every few minutes. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at that request (cut to 512 characters). */
    userAgent: text(),
    /** The network range of its address (IPv4 /24, IPv6 /48); the full address is never stored. */
    ipPrefix: text(),
    /** The earlier of last seen + the idle limit and created + the absolute limit. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text().notNull(),
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.providerUserId] }),
    index('oauth_accounts_user_id_idx').on(table.userId),
  ],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password', 'change_email']);

/** Single-use e-mailed tokens; only their SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose().notNull(),
    tokenHash: text().notNull().unique('email_tokens_token_hash_key'),
    /** The address being verified (sign-up) or changed to. */
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_tokens_user_id_idx').on(table.userId)],
);

/** Fixed-window counters shared by every API instance (sign-in, sign-up, reset, subscribe, _log). */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/** Client-side events posted to /api/auth/_log. */
export const clientLogs = pgTable('client_logs', {
  id: id(),
  level: text().notNull(),
  code: text().notNull(),
  details: text(),
  userId: text().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The authenticator-app secret of a user (RFC 6238, SHA-1, 6 digits, 30 s), AES-256-GCM encrypted.
 * Unconfirmed while `users.two_factor_enabled_at` is null; `lastUsedStep` refuses a code twice (ADR 024).
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  lastUsedStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for a lost authenticator; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique('recovery_codes_code_hash_key'),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * A sign-in waiting for its second factor: the password or Google proved the first, the browser holds
 * the token in a cookie (only its SHA-256 is kept), a code finishes it. Short-lived, few attempts.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Where to continue after the code, already checked to be a path under the app. */
    callbackPath: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_challenges_user_id_idx').on(table.userId)],
);
