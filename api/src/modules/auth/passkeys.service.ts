import type { PasskeyView } from '@kollab/contract/api/passkeys';
import type { Database } from '@kollab/db';
import { type Passkey, passkeyRegistrations, passkeys, type User } from '@kollab/db/schema';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * Passkeys as another second factor beside the authenticator app (ADR 027), through
 * @simplewebauthn/server: registration and assertion options, and their verification against this
 * deployment's origin and relying-party id (PUBLIC_URL's host). Only for accounts with two-factor on.
 */

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_PASSKEYS = 10;

interface Deps {
  db: Database;
  env: Env;
}

/** The relying party is PUBLIC_URL: its host names the passkeys, its origin must sign them. */
function relyingParty(env: Env): { rpID: string; origin: string } {
  const url = new URL(env.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

export function passkeyView(row: Passkey): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/**
 * Options for the browser's `navigator.credentials.create()`; the challenge is kept five minutes.
 * @throws conflict without two-factor on, or with MAX_PASSKEYS already
 */
export async function startPasskeyRegistration(
  { db, env }: Deps,
  user: User,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (!user.twoFactorEnabledAt) throw new AppError('conflict', 'Turn on two-factor sign-in with an app first');
  const existing = await listPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw new AppError('conflict', `At most ${MAX_PASSKEYS} passkeys`);
  const options = await generateRegistrationOptions({
    rpName: 'Kollab',
    rpID: relyingParty(env).rpID,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports?.split(',') })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const registration = { challenge: options.challenge, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) };
  await db
    .insert(passkeyRegistrations)
    .values({ userId: user.id, ...registration })
    .onConflictDoUpdate({ target: passkeyRegistrations.userId, set: registration });
  return options;
}

/**
 * Verifies the browser's answer to the registration challenge (used up either way) and keeps the
 * passkey's public key.
 * @throws conflict without a challenge in time; validation_failed (response: invalid_passkey)
 */
export async function finishPasskeyRegistration(
  { db, env }: Deps,
  user: User,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<Passkey> {
  const [registration] = await db
    .delete(passkeyRegistrations)
    .where(and(eq(passkeyRegistrations.userId, user.id), gt(passkeyRegistrations.expiresAt, sql`now()`)))
    .returning();
  if (!registration) throw new AppError('conflict', 'Start adding the passkey again');
  const { rpID, origin } = relyingParty(env);
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: registration.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) {
    throw AppError.validation({ response: ['invalid_passkey'] }, 'The passkey could not be verified');
  }
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: encodeBase64urlNoPadding(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      name: input.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', 'This passkey is already registered');
  await recordAudit(db, user, 'two_factor.passkey_added', { type: 'user', id: user.id }, { passkey: row.id });
  return row;
}

/** @throws not_found for a passkey that is not the user's */
export async function deletePasskey(db: Database, user: User, id: string): Promise<void> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning({ id: passkeys.id });
  if (deleted.length === 0) throw new AppError('not_found', 'No such passkey');
  await recordAudit(db, user, 'two_factor.passkey_removed', { type: 'user', id: user.id }, { passkey: id });
}

/** Options for `navigator.credentials.get()` limited to the user's passkeys, or null without any. */
export async function passkeyAssertionOptions(
  { db, env }: Deps,
  userId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await listPasskeys(db, userId);
  if (rows.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: relyingParty(env).rpID,
    allowCredentials: rows.map((row) => ({ id: row.id, transports: row.transports?.split(',') })),
    userVerification: 'preferred',
  });
}

/**
 * Whether `response` is a valid assertion of one of the user's passkeys for `challenge`. The
 * signature counter must grow (when the authenticator counts), checked and stored in one statement.
 */
export async function verifyPasskeyAssertion(
  { db, env }: Deps,
  userId: string,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
  if (!row) return false;
  const { rpID, origin } = relyingParty(env);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: row.id,
      publicKey: new Uint8Array(decodeBase64urlIgnorePadding(row.publicKey)),
      counter: row.counter,
      transports: row.transports?.split(',') as never,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return false;
  const { newCounter } = result.authenticationInfo;
  const stored = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, row.id),
        // Authenticators that count must count up (a clone shows an old number); 0 means "does not count".
        newCounter === 0 ? eq(passkeys.counter, 0) : sql`${passkeys.counter} < ${newCounter}`,
      ),
    )
    .returning({ id: passkeys.id });
  return stored.length === 1;
}
