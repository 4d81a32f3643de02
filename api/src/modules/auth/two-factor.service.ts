import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@kollab/contract/api/two-factor';
import type { Database } from '@kollab/db';
import { recoveryCodes, totpCredentials, type User, users } from '@kollab/db/schema';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { generateTotpSecret, matchTotpStep, totpKeyUri } from './totp.ts';

export const RECOVERY_CODE_COUNT = 10;

interface Deps {
  db: Database;
  secrets: Secrets;
}

export type SecondFactor = 'totp' | 'recovery_code';

/** Admins must keep a second factor (ADR 024). */
export function isTwoFactorRequired(user: Pick<User, 'role'>): boolean {
  return user.role === 'admin';
}

/** `xxxxx-xxxxx` from the lowercase base32 alphabet: 50 random bits, easy to read and type. */
function newRecoveryCode(): string {
  const raw = generateToken(7).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** A typed recovery code as it was issued: lowercase, no spaces, one dash in the middle. */
function normalizeRecoveryCode(input: string): string {
  const raw = input.toLowerCase().replace(/[\s-]/g, '');
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export async function twoFactorStatus(db: Database, user: User): Promise<TwoFactorStatus> {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: user.twoFactorEnabledAt !== null,
    enabledAt: user.twoFactorEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.twoFactorEnabledAt ? (left?.n ?? 0) : 0,
    required: isTwoFactorRequired(user),
  };
}

/**
 * A new secret for the authenticator app, kept unconfirmed (replacing an earlier unconfirmed one).
 * @throws conflict when two-factor is already on (turn it off first)
 */
export async function startTwoFactorSetup({ db, secrets }: Deps, user: User): Promise<TwoFactorSetup> {
  if (user.twoFactorEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
  const key = generateTotpSecret();
  const secretEncrypted = encrypt(secrets.encryptionKey, encodeBase32UpperCaseNoPadding(key));
  await db
    .insert(totpCredentials)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secretEncrypted, lastUsedStep: null } });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri: totpKeyUri(user.email, key) };
}

async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(code) })));
  return codes;
}

/**
 * Accepts the app's code for the pending secret: two-factor is on from now, and the recovery
 * codes are returned (once).
 * @throws conflict when already on or no setup was started; validation_failed (code: wrong_code)
 */
export async function confirmTwoFactorSetup({ db, secrets }: Deps, user: User, code: string): Promise<RecoveryCodes> {
  if (user.twoFactorEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is already on');
  await enforceRateLimit(db, `totp:user:${user.id}`, { limit: 10, windowSeconds: 15 * 60 });
  const [credential] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
  if (!credential) throw new AppError('conflict', 'Start the setup first');
  const key = decodeBase32IgnorePadding(decrypt(secrets.encryptionKey, credential.secretEncrypted));
  const step = matchTotpStep(key, code.replace(/\s/g, ''), credential.lastUsedStep);
  if (step === null) throw AppError.validation({ code: ['wrong_code'] }, 'The code is wrong or has expired');
  return db.transaction(async (tx) => {
    await tx.update(totpCredentials).set({ lastUsedStep: step }).where(eq(totpCredentials.userId, user.id));
    await tx.update(users).set({ twoFactorEnabledAt: new Date() }).where(eq(users.id, user.id));
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, user, 'two_factor.enabled', { type: 'user', id: user.id });
    return { recoveryCodes: codes };
  });
}

/**
 * New recovery codes; the earlier ones stop working.
 * @throws conflict when two-factor is off
 */
export async function regenerateRecoveryCodes(db: Database, user: User): Promise<RecoveryCodes> {
  if (!user.twoFactorEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is off');
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, user, 'two_factor.recovery_codes_replaced', { type: 'user', id: user.id });
    return { recoveryCodes: codes };
  });
}

/**
 * Turns two-factor off: the secret and the recovery codes are deleted.
 * @throws two_factor_required for admins; conflict when already off
 */
export async function disableTwoFactor(db: Database, user: User): Promise<void> {
  if (isTwoFactorRequired(user)) throw new AppError('two_factor_required', 'Admins keep two-factor sign-in on');
  if (!user.twoFactorEnabledAt) throw new AppError('conflict', 'Two-factor sign-in is off');
  await db.transaction(async (tx) => {
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.update(users).set({ twoFactorEnabledAt: null }).where(eq(users.id, user.id));
    await recordAudit(tx, user, 'two_factor.disabled', { type: 'user', id: user.id });
  });
}

/**
 * Checks a second factor of a user with two-factor on: an app code (each used once: the step is
 * recorded in the same statement that checks it was not, so two requests cannot both use it) or an
 * unused recovery code (spent). Limited to 10 tries per user in 15 minutes.
 * @throws rate_limited
 */
export async function verifySecondFactor(
  { db, secrets }: Deps,
  user: User,
  input: string,
): Promise<SecondFactor | null> {
  await enforceRateLimit(db, `totp:user:${user.id}`, { limit: 10, windowSeconds: 15 * 60 });
  const code = input.trim();
  if (/^\d{3}\s?\d{3}$/.test(code)) {
    const [credential] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
    if (!credential) return null;
    const key = decodeBase32IgnorePadding(decrypt(secrets.encryptionKey, credential.secretEncrypted));
    const step = matchTotpStep(key, code.replace(/\s/g, ''), credential.lastUsedStep);
    if (step === null) return null;
    const claimed = await db
      .update(totpCredentials)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpCredentials.userId, user.id),
          or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpCredentials.userId });
    return claimed.length === 1 ? 'totp' : null;
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, hashToken(normalizeRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (spent.length !== 1) return null;
  await recordAudit(db, user, 'two_factor.recovery_code_used', { type: 'user', id: user.id });
  return 'recovery_code';
}
