/**
 * Identity on the account (ADR 026): a creator proves who they are once with BankID. The personal
 * number and the name come from BankID; 18 or over is decided on the Swedish date of completion with
 * the same parser as typed numbers; one personal number belongs to one account.
 */
import { createHmac } from 'node:crypto';
import type { IdentityView } from '@kollab/contract/api/identity';
import { maskPersonalNumber, parsePersonalNumber } from '@kollab/contract/personal-number';
import { stockholmDate } from '@kollab/contract/stockholm-date';
import type { Database } from '@kollab/db';
import { identityVerifications, type User, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt, encrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { CompletionHandler } from './bankid-orders.service.ts';

/** A keyed hash of a normalised personal number: unique across accounts without storing the number in clear. */
export function personalNumberHash(secrets: Secrets, normalized: string): string {
  return createHmac('sha256', secrets.encryptionKey).update(`personal-number:${normalized}`).digest('hex');
}

export function findIdentity(db: Database, userId: string) {
  return db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .then((rows) => rows[0] ?? null);
}

export async function getIdentity(db: Database, env: Env, secrets: Secrets, user: User): Promise<IdentityView> {
  const identity = await findIdentity(db, user.id);
  return {
    verified: identity !== null,
    method: identity?.method ?? null,
    verifiedAt: identity?.verifiedAt.toISOString() ?? null,
    name: identity ? `${identity.givenName} ${identity.surname}` : null,
    personalNumberMasked:
      identity && user.personalNumberEncrypted
        ? maskPersonalNumber(decrypt(secrets.encryptionKey, user.personalNumberEncrypted))
        : null,
    requiredFrom: env.IDENTITY_REQUIRED_FROM,
  };
}

/** Whether `now` is on or after the configured Swedish date from which identity is required. */
export function identityRequiredOn(env: Env, now: Date): boolean {
  const { year, month, day } = stockholmDate(now);
  const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return today >= env.IDENTITY_REQUIRED_FROM;
}

/** Throws `identity_required` unless the user has verified their identity with BankID. */
export async function requireVerifiedIdentity(db: Database, userId: string): Promise<void> {
  if (!(await findIdentity(db, userId))) {
    throw new AppError('identity_required', 'Verify your identity with BankID first');
  }
}

/** Before a new identification order: only creators, and only once. */
export async function assertCanVerify(db: Database, user: User): Promise<void> {
  if (user.role !== 'creator') throw new AppError('forbidden', 'Only creators verify their identity');
  if (await findIdentity(db, user.id)) throw new AppError('conflict', 'Your identity is already verified');
}

/** The completion handler of identification orders. */
export function verifyIdentityOnCompletion(secrets: Secrets): CompletionHandler {
  return async (tx, order, completion, now) => {
    const parsed = parsePersonalNumber(completion.user.personalNumber, now);
    if (!parsed.ok) {
      if (parsed.error === 'under_18') return 'under_18';
      throw new Error(`BankID gave a personal number Kollab cannot read (${parsed.error})`);
    }
    const hash = personalNumberHash(secrets, parsed.value.normalized);
    const inserted = await tx
      .insert(identityVerifications)
      .values({
        userId: order.userId,
        method: 'bankid',
        personalNumberHash: hash,
        givenName: completion.user.givenName,
        surname: completion.user.surname,
        birthDate: parsed.value.birthDate,
        verifiedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      const [holder] = await tx
        .select({ userId: identityVerifications.userId })
        .from(identityVerifications)
        .where(eq(identityVerifications.personalNumberHash, hash));
      return holder && holder.userId !== order.userId ? 'personal_number_taken' : null;
    }
    await tx
      .update(users)
      .set({
        personalNumberEncrypted: encrypt(secrets.encryptionKey, parsed.value.normalized),
        fullName: completion.user.name,
        updatedAt: now,
      })
      .where(eq(users.id, order.userId));
    await recordAudit(
      tx,
      { id: order.userId, role: 'creator' },
      'identity.verified',
      { type: 'user', id: order.userId },
      {
        method: 'bankid',
        orderId: order.id,
      },
    );
    return null;
  };
}
