import type { UpdateUserBody, UserView } from '@kollab/contract/api/users';
import { maskPersonalNumber, parsePersonalNumber } from '@kollab/contract/personal-number';
import type { Database } from '@kollab/db';
import { emailTokens, type User, users } from '@kollab/db/schema';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import { processImage } from '../../lib/images.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { parsePhone } from '../../lib/phone.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import { generateToken } from '../../lib/tokens.ts';
import { accountMail } from '../auth/auth.mails.ts';
import { issueEmailToken } from '../auth/auth.service.ts';
import { sendSecurityNotice } from '../auth/security-notices.ts';
import { invalidateUserSessions } from '../auth/session.ts';
import { avatarUrl } from '../auth/session-view.ts';

export interface UserDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  secrets: Secrets;
  storage: Storage;
  logger?: Logger;
}

async function findPendingEmail(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

async function toView(deps: Pick<UserDeps, 'db' | 'secrets'>, user: User): Promise<UserView> {
  return {
    id: user.id,
    email: user.email,
    pendingEmail: await findPendingEmail(deps.db, user.id),
    fullName: user.fullName,
    role: user.role,
    locale: user.locale,
    phone: user.phone,
    personalNumber: user.personalNumberEncrypted
      ? maskPersonalNumber(decrypt(deps.secrets.encryptionKey, user.personalNumberEncrypted))
      : null,
    emailVerified: user.emailVerifiedAt !== null,
    image: avatarUrl(user),
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * A user the actor may see: themselves, or anyone for an admin.
 * @throws not_found for anyone else (ADR 004: other people's data does not exist for you)
 */
async function getVisibleUser(db: Database, actor: User, id: string): Promise<User> {
  if (actor.id !== id && actor.role !== 'admin') throw new AppError('not_found', 'User not found');
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('not_found', 'User not found');
  return user;
}

export async function getUser(deps: UserDeps, actor: User, id: string): Promise<UserView> {
  return toView(deps, await getVisibleUser(deps.db, actor, id));
}

/**
 * Updates the account. Every field is checked before anything is written; a new e-mail address is
 * only used once confirmed from a link sent to it (see `startEmailChange`), and only from a session
 * that signed in recently; a role change (admins only) ends the user's sessions.
 * @throws validation_failed naming each bad field, not_found, forbidden (role by a non-admin),
 *   reauthentication_required (e-mail change without a recent sign-in), rate_limited
 */
export async function updateUser(
  deps: UserDeps,
  actor: User,
  id: string,
  input: UpdateUserBody,
  options: { recentSignIn: boolean },
): Promise<UserView> {
  const { db, secrets } = deps;
  const user = await getVisibleUser(db, actor, id);
  if (input.role !== undefined && actor.role !== 'admin') throw new AppError('forbidden', 'Only admins change roles');
  const fields: FieldErrors = {};
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.role !== undefined) changes.role = input.role;
  if (input.personalNumber !== undefined) {
    const parsed = parsePersonalNumber(input.personalNumber);
    if (parsed.ok) changes.personalNumberEncrypted = encrypt(secrets.encryptionKey, parsed.value.normalized);
    else fields.personalNumber = [parsed.error];
  }
  if (input.phone !== undefined) {
    if (input.phone === null || input.phone === '') changes.phone = null;
    else {
      const parsed = parsePhone(input.phone);
      if (parsed.ok) changes.phone = parsed.value;
      else fields.phone = [parsed.error];
    }
  }
  const newEmail = input.email !== undefined && input.email !== user.email.toLowerCase() ? input.email : null;
  if (Object.keys(fields).length > 0) throw AppError.validation(fields);
  if (newEmail) {
    if (!options.recentSignIn) throw new AppError('reauthentication_required', 'Confirm your password to continue');
    await enforceRateLimit(db, `email-change:user:${actor.id}`, { limit: 5, windowSeconds: 60 * 60 });
  }

  const updated = await db.transaction(async (tx) => {
    const [row] = Object.keys(changes).length
      ? await tx.update(users).set(changes).where(eq(users.id, user.id)).returning()
      : [user];
    if (row && changes.role && changes.role !== user.role) {
      await invalidateUserSessions(tx, user.id);
      await recordAudit(
        tx,
        actor,
        'user.role',
        { type: 'user', id: user.id },
        { before: user.role, after: changes.role },
      );
    }
    return row;
  });
  if (!updated) throw new AppError('not_found', 'User not found');
  if (newEmail) await startEmailChange(deps, updated, newEmail);
  return toView(deps, updated);
}

/**
 * Starts a change to `newEmail` and answers the same whether or not another account has that
 * address, so the form cannot tell which addresses are registered: the change is pending either
 * way, the new address's owner is mailed (a confirmation link, or for a taken address a notice that
 * nothing changed; that change's link is never sent, and confirming could not succeed anyway), and
 * the current address is told a change was asked for.
 */
async function startEmailChange(deps: UserDeps, user: User, newEmail: string): Promise<void> {
  const { db } = deps;
  const [owner] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${newEmail}`, ne(users.id, user.id)));
  const token = await issueEmailToken(db, user.id, 'change_email', newEmail);
  if (owner) {
    await sendSecurityNotice(deps, owner, { kind: 'emailInUse' });
  } else {
    const link = `${deps.env.PUBLIC_URL}/app/confirm-email-change?token=${token}`;
    await deps.mailer.send(accountMail('changeEmail', user.locale, newEmail, user.fullName, link));
  }
  await sendSecurityNotice(deps, user, { kind: 'emailChangeRequested', newEmail });
}

/** Replaces the profile picture with a processed copy of the upload. */
export async function setAvatar(deps: UserDeps, actor: User, upload: Uint8Array): Promise<UserView> {
  const image = await processImage(upload, { width: 512, height: 512 });
  const key = `avatars/${actor.id}/${generateToken(10)}.webp`;
  await deps.storage.put(key, image, 'image/webp');
  const [updated] = await deps.db.update(users).set({ avatarKey: key }).where(eq(users.id, actor.id)).returning();
  if (!updated) throw new AppError('not_found', 'User not found');
  if (actor.avatarKey) await deps.storage.delete(actor.avatarKey);
  return toView(deps, updated);
}

/** The stored profile picture of a user, or null. */
export async function findAvatar(
  deps: UserDeps,
  userId: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  const [user] = await deps.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId));
  return user?.avatarKey ? deps.storage.get(user.avatarKey) : null;
}
