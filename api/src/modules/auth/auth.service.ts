import type { Database } from '@kollab/db';
import { creatorProfiles, emailTokens, type User, users } from '@kollab/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { accountMail } from './auth.mails.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkPasswordStrength } from './password-policy.ts';
import { invalidateUserSessions } from './session.ts';
import { clearSignInFailures } from './sign-in-throttle.ts';

const HOUR_MS = 60 * 60 * 1000;
type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email';
/**
 * How long each mailed link works (ADR 021). A reset link takes over the account, so it lives an
 * hour: long enough to reach the inbox, short enough that an old mail in a breached mailbox is
 * useless. Verification and e-mail-change links only prove that the mailbox is the account's, so
 * they get a day, for mail read later. The mails state the same times (auth.mails.ts).
 */
export const EMAIL_TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
};

// A real argon2id hash to verify against when the e-mail is unknown, so a failed sign-in takes the
// same time whether or not the account exists.
const dummyHash = hashPassword('kollab-timing-equaliser');

export interface AccountDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}

/**
 * Throws validation_failed when the password is too common or built from the user's own name/e-mail.
 * @throws validation_failed with fields[field] = ['too_common']
 */
export function assertStrongPassword(password: string, personal: string[], field = 'password'): void {
  if (checkPasswordStrength(password, personal)) throw AppError.validation({ [field]: ['too_common'] });
}

/** Creates a single-use e-mailed token, voiding the user's earlier ones of that purpose; returns the token (only its hash is stored). */
export async function issueEmailToken(
  db: Database,
  userId: string,
  purpose: TokenPurpose,
  email: string,
): Promise<string> {
  // A new link replaces earlier ones: a mistyped new address must not stay able to take the account.
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const token = generateToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Voids every unused e-mailed token of the user, of every purpose: after a password change or reset
 * or an e-mail change no link mailed before it may act on the account any more.
 */
export async function voidEmailTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/** Whether the address a token was mailed to is still the account's (for verify and reset links). */
function sentToCurrentAddress(row: { email: string }, user: User): boolean {
  return row.email.toLowerCase() === user.email.toLowerCase();
}

/** The row of a token that is still usable (right purpose, unused, unexpired), without using it. */
async function findUsableEmailToken(db: Database, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/**
 * Marks a token used and returns its row. Single use even under concurrency: the update only
 * matches an unused, unexpired row, so two requests with one token cannot both succeed.
 * @throws validation_failed (token: invalid_or_expired)
 */
async function consumeEmailToken(db: Database, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row) throw AppError.validation({ token: ['invalid_or_expired'] }, 'Token is invalid, used or expired');
  return row;
}

export interface SignUpInput {
  fullName: string;
  email: string;
  password: string;
  role: 'creator' | 'brand';
  locale: 'sv' | 'en';
}

/**
 * The checks of a sign-up that do not depend on whether the address is registered, made before the
 * answer. @throws validation_failed with fields.password = ['too_common']
 */
export function assertSignUpAllowed(input: SignUpInput): void {
  assertStrongPassword(input.password, [input.fullName, input.email.split('@')[0] ?? '']);
}

/**
 * Creates the account and returns the mail with its verification link; for an address that already
 * has an account, the mail to that owner instead. Runs after the answer (ADR 019), and both paths
 * hash a password and return one mail, so neither the answer nor its timing tells whether the
 * address is registered. Null only when a concurrent sign-up took the address.
 */
export async function signUp({ db, env }: Pick<AccountDeps, 'db' | 'env'>, input: SignUpInput): Promise<Mail | null> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    const link = `${env.PUBLIC_URL}/app/login`;
    return accountMail('alreadyRegistered', existing.locale, existing.email, existing.fullName, link);
  }
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, role: input.role, fullName: input.fullName, locale: input.locale })
      .onConflictDoNothing()
      .returning();
    if (created?.role === 'creator') await tx.insert(creatorProfiles).values({ userId: created.id });
    return created;
  });
  // A concurrent sign-up with the same address won the insert: its own mail is on the way.
  if (!user) return null;
  const token = await issueEmailToken(db, user.id, 'verify_email', user.email);
  const link = `${env.PUBLIC_URL}/app/verify-email?token=${token}`;
  return accountMail('verify', user.locale, user.email, user.fullName, link);
}

/** The user for a correct e-mail and password, or null (same time either way). */
export async function authenticateWithPassword(db: Database, email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user?.passwordHash || !ok || user.suspendedAt) return null;
  return user;
}

/** Verifies the address from the mailed link and returns the user (who is then signed in). */
export async function verifyEmail(db: Database, token: string): Promise<User> {
  const row = await consumeEmailToken(db, token, 'verify_email');
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(and(eq(users.id, row.userId), sql`lower(${users.email}) = lower(${row.email})`))
    .returning();
  if (!user || user.suspendedAt)
    throw AppError.validation({ token: ['invalid_or_expired'] }, 'Token no longer applies');
  return user;
}

/** A new verification link for an unverified account, as a mail to send (after the answer); null once verified. */
export async function resendVerification(
  { db, env }: Pick<AccountDeps, 'db' | 'env'>,
  user: User,
): Promise<Mail | null> {
  if (user.emailVerifiedAt) return null;
  const token = await issueEmailToken(db, user.id, 'verify_email', user.email);
  const link = `${env.PUBLIC_URL}/app/verify-email?token=${token}`;
  return accountMail('verify', user.locale, user.email, user.fullName, link);
}

/**
 * The reset link for the address's account as a mail to send, or null when no active account has
 * it. Runs after the answer (ADR 019), which says the same either way.
 */
export async function requestPasswordReset(
  { db, env }: Pick<AccountDeps, 'db' | 'env'>,
  email: string,
): Promise<Mail | null> {
  const user = await findUserByEmail(db, email);
  if (!user || user.suspendedAt) return null;
  const token = await issueEmailToken(db, user.id, 'reset_password', user.email);
  const link = `${env.PUBLIC_URL}/app/reset-password?token=${token}`;
  return accountMail('reset', user.locale, user.email, user.fullName, link);
}

/**
 * Sets a new password from a reset link, ends every session of the account, voids its other mailed
 * links and clears the sign-in slow-down (the reset proved the owner holds the mailbox).
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  // The new password is checked before the link is used up, so a refused password leaves it working.
  const pending = await findUsableEmailToken(db, token, 'reset_password');
  const [owner] = pending ? await db.select().from(users).where(eq(users.id, pending.userId)) : [];
  if (owner) assertStrongPassword(password, [owner.fullName, owner.email.split('@')[0] ?? '']);
  const row = await consumeEmailToken(db, token, 'reset_password');
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  // A link mailed to an address the account no longer has must not take the account.
  if (!user || !sentToCurrentAddress(row, user)) throw AppError.validation({ token: ['invalid_or_expired'] });
  assertStrongPassword(password, [user.fullName, user.email.split('@')[0] ?? '']);
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
    })
    .where(eq(users.id, user.id));
  await invalidateUserSessions(db, user.id);
  await voidEmailTokens(db, user.id);
  await clearSignInFailures(db, user.email);
}

/**
 * Changes the password after checking the current one, and ends every session (the caller issues a
 * fresh one for the current browser).
 * @throws validation_failed (currentPassword: wrong_password)
 */
export async function changePassword(db: Database, user: User, current: string, next: string): Promise<void> {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) {
    throw AppError.validation({ currentPassword: ['wrong_password'] }, 'Current password is wrong');
  }
  assertStrongPassword(next, [user.fullName, user.email.split('@')[0] ?? ''], 'newPassword');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, user.id));
  await invalidateUserSessions(db, user.id);
  await voidEmailTokens(db, user.id);
}

/**
 * Switches the account to the address in a confirmed change link, ends its other sessions (all of
 * them unless `keepSession` is the confirming browser's own), voids every other mailed link and
 * tells the old address.
 */
export async function confirmEmailChange(
  { db, mailer }: AccountDeps,
  token: string,
  keepSession?: { id: string; userId: string },
): Promise<void> {
  const row = await consumeEmailToken(db, token, 'change_email');
  const [before] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!before) throw AppError.validation({ token: ['invalid_or_expired'] });
  try {
    await db.update(users).set({ email: row.email, emailVerifiedAt: new Date() }).where(eq(users.id, before.id));
  } catch (cause) {
    throw new AppError('conflict', 'Another account took that address meanwhile', { cause });
  }
  await invalidateUserSessions(db, before.id, keepSession?.userId === before.id ? keepSession.id : undefined);
  await voidEmailTokens(db, before.id);
  await mailer.send(accountMail('emailChanged', before.locale, before.email, before.fullName, row.email));
}
