import { randomInt } from 'node:crypto';
import type {
  AccountVerification,
  CreatorVerifiedAccounts,
  VerifiedAccount,
  VerifiedPlatform,
} from '@kollab/contract/api/verification';
import type { Database } from '@kollab/db';
import { accountVerifications, creatorProfiles, type User } from '@kollab/db/schema';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { tierFor } from '../../lib/matching.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { type ProviderDeps, readAccount } from './verification.provider.ts';

/** How long a code may wait for the bio: two days, time to reach a phone and edit the bio in peace. */
export const CODE_VALID_MS = 48 * 60 * 60 * 1000;
/** Checks per creator and hour: each costs Kollab a raw request, and ten covers a slow bio edit. */
export const CHECKS_PER_HOUR = 10;
/**
 * Without 0/O, 1/I/L: a code is typed by hand into a bio. 31⁸ ≈ 850 billion codes, and new codes
 * are limited per creator (STARTS_PER_HOUR), so nobody can draw codes until one matches a code left
 * in someone else's bio.
 */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

type Row = typeof accountVerifications.$inferSelect;
/** Rolls the check's transaction back when its code was replaced meanwhile. */
const SUPERSEDED = Symbol('superseded');
type LinkedHandles = Record<VerifiedPlatform, string | null>;

export const STARTS_PER_HOUR = 10;

/** A fresh one-time code, e.g. `KOLLAB-7K2Q9XMB`. */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `KOLLAB-${code}`;
}

/** Whether the bio holds the code: anywhere, in any letter case (bios are often shown in capitals or lowercased by apps). */
export function bioHasCode(biography: string, code: string): boolean {
  return biography.toUpperCase().includes(code.toUpperCase());
}

/**
 * Keeps the verification rows in step with the profile's handles, in the caller's transaction: a
 * new or changed handle starts over (linked now, no code, not verified, no reminder), a removed one
 * loses its row. An unchanged handle keeps everything.
 */
export async function syncLinkedAccounts(
  tx: Database,
  creatorId: string,
  handles: Partial<LinkedHandles>,
  now = new Date(),
): Promise<void> {
  for (const [platform, handle] of Object.entries(handles) as [VerifiedPlatform, string | null | undefined][]) {
    if (handle === undefined) continue;
    const mine = and(eq(accountVerifications.creatorId, creatorId), eq(accountVerifications.platform, platform));
    if (handle === null) {
      await tx.delete(accountVerifications).where(mine);
      continue;
    }
    const fresh = {
      handle,
      linkedAt: now,
      code: null,
      codeCreatedAt: null,
      codeExpiresAt: null,
      verifiedAt: null,
      followers: null,
      reminderSentAt: null,
    };
    await tx
      .insert(accountVerifications)
      .values({ creatorId, platform, ...fresh })
      .onConflictDoUpdate({
        target: [accountVerifications.creatorId, accountVerifications.platform],
        set: fresh,
        setWhere: ne(accountVerifications.handle, handle),
      });
  }
}

async function linkedHandles(db: Database, creatorId: string): Promise<LinkedHandles> {
  const [profile] = await db
    .select({ instagram: creatorProfiles.instagramHandle, tiktok: creatorProfiles.tiktokHandle })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId));
  return { instagram: profile?.instagram ?? null, tiktok: profile?.tiktok ?? null };
}

async function rowsOf(db: Database, creatorId: string): Promise<Map<VerifiedPlatform, Row>> {
  const rows = await db.select().from(accountVerifications).where(eq(accountVerifications.creatorId, creatorId));
  return new Map(rows.map((row) => [row.platform, row]));
}

function toView(platform: VerifiedPlatform, handle: string, row: Row | undefined, now: Date): AccountVerification {
  const current = row?.handle === handle ? row : undefined;
  const verified = current?.verifiedAt ?? null;
  const status = verified
    ? 'verified'
    : !current?.code
      ? 'not_started'
      : current.codeExpiresAt && current.codeExpiresAt > now
        ? 'pending'
        : 'expired';
  return {
    platform,
    handle,
    status,
    code: status === 'pending' || status === 'expired' ? (current?.code ?? null) : null,
    codeExpiresAt:
      status === 'pending' || status === 'expired' ? (current?.codeExpiresAt?.toISOString() ?? null) : null,
    verifiedAt: verified?.toISOString() ?? null,
    followers: verified ? (current?.followers ?? null) : null,
    tier: verified ? tierFor(current?.followers ?? null) : null,
  };
}

/** The creator's linked accounts (Instagram first), each with where its verification stands. */
export async function listVerifications(db: Database, creator: User, now = new Date()): Promise<AccountVerification[]> {
  const handles = await linkedHandles(db, creator.id);
  const rows = await rowsOf(db, creator.id);
  return (['instagram', 'tiktok'] as const).flatMap((platform) => {
    const handle = handles[platform];
    return handle ? [toView(platform, handle, rows.get(platform), now)] : [];
  });
}

/** The profile's handle on `platform`. @throws validation_failed (`platform: not_linked`) */
async function requireHandle(db: Database, creatorId: string, platform: VerifiedPlatform): Promise<string> {
  const handle = (await linkedHandles(db, creatorId))[platform];
  if (!handle) throw AppError.validation({ platform: ['not_linked'] }, 'No account is linked on this platform');
  return handle;
}

/**
 * Gives the linked account a new code valid for CODE_VALID_MS; any older code stops working.
 * @throws validation_failed (no handle on the platform), conflict (already verified)
 */
export async function startVerification(
  db: Database,
  creator: User,
  platform: VerifiedPlatform,
  now = new Date(),
): Promise<AccountVerification> {
  const handle = await requireHandle(db, creator.id, platform);
  await enforceRateLimit(db, `verification-start:${creator.id}`, { limit: STARTS_PER_HOUR, windowSeconds: 3600 });
  const existing = (await rowsOf(db, creator.id)).get(platform);
  if (existing?.handle === handle && existing.verifiedAt) {
    throw new AppError('conflict', 'This account is already verified');
  }
  const code = {
    code: newVerificationCode(),
    codeCreatedAt: now,
    codeExpiresAt: new Date(now.getTime() + CODE_VALID_MS),
  };
  // A row the profile form did not write (or for an older handle) starts over with this handle.
  const restart = existing?.handle === handle ? {} : { handle, linkedAt: now, followers: null, reminderSentAt: null };
  const [row] = await db
    .insert(accountVerifications)
    .values({ creatorId: creator.id, platform, handle, linkedAt: now, ...code })
    .onConflictDoUpdate({
      target: [accountVerifications.creatorId, accountVerifications.platform],
      set: { ...code, ...restart, verifiedAt: null },
    })
    .returning();
  return toView(platform, handle, row, now);
}

/**
 * Looks for the pending code in the account's bio at the provider. Found: the account is verified
 * with the provider's follower count, which the profile takes over too; another creator's
 * verification of the same handle ends (the bio proves who holds the account now). Checks are
 * rate-limited per creator (CHECKS_PER_HOUR); checking a verified account changes nothing.
 * @throws validation_failed (no handle), verification_expired (no code, or past its time),
 *   verification_code_not_found, social_account_not_found, social_account_private, rate_limited,
 *   provider_timeout, provider_error, service_unavailable
 */
export async function checkVerification(
  deps: ProviderDeps,
  creator: User,
  platform: VerifiedPlatform,
  now = new Date(),
): Promise<AccountVerification> {
  const { db } = deps;
  const handle = await requireHandle(db, creator.id, platform);
  const row = (await rowsOf(db, creator.id)).get(platform);
  const view = toView(platform, handle, row, now);
  if (view.status === 'verified') return view;
  if (view.status !== 'pending' || !row?.code) {
    throw new AppError('verification_expired', 'Start the verification again for a new code');
  }
  await enforceRateLimit(db, `verification-check:${creator.id}`, { limit: CHECKS_PER_HOUR, windowSeconds: 3600 });
  const account = await readAccount(deps, creator.id, platform, handle);
  if (!bioHasCode(account.biography, row.code)) {
    throw new AppError('verification_code_not_found', "The code is not in the account's bio yet");
  }
  const verified = await db
    .transaction(async (tx) => {
      // First: the handle is verified by one creator at a time (partial unique index).
      await tx
        .update(accountVerifications)
        .set({ verifiedAt: null, followers: null })
        .where(
          and(
            eq(accountVerifications.platform, platform),
            eq(accountVerifications.handle, handle),
            ne(accountVerifications.creatorId, creator.id),
            isNotNull(accountVerifications.verifiedAt),
          ),
        );
      const [updated] = await tx
        .update(accountVerifications)
        .set({ verifiedAt: now, followers: account.followers, code: null, codeCreatedAt: null, codeExpiresAt: null })
        .where(
          and(
            eq(accountVerifications.id, row.id),
            eq(accountVerifications.handle, handle),
            eq(accountVerifications.code, row.code as string),
          ),
        )
        .returning();
      // A new code or another handle arrived while the provider answered: nothing changes.
      if (!updated) throw SUPERSEDED;
      const followers =
        platform === 'instagram' ? { instagramFollowers: account.followers } : { tiktokFollowers: account.followers };
      const handleColumn = platform === 'instagram' ? creatorProfiles.instagramHandle : creatorProfiles.tiktokHandle;
      await tx
        .update(creatorProfiles)
        .set(followers)
        .where(and(eq(creatorProfiles.userId, creator.id), eq(handleColumn, handle)));
      await recordAudit(
        tx,
        creator,
        'account.verified',
        { type: 'account_verification', id: row.id },
        { platform, handle, followers: account.followers },
      );
      return updated;
    })
    .catch((error: unknown) => {
      if (error === SUPERSEDED) return undefined;
      throw error;
    });
  // Then report where things stand now.
  if (!verified) return toView(platform, handle, (await rowsOf(db, creator.id)).get(platform), now);
  return toView(platform, handle, verified, now);
}

/**
 * The verified accounts of each creator asked for (an empty list when none), in the order asked:
 * what brands see as badges. Only a verification of the handle the profile holds now counts.
 */
export async function verifiedAccountsOf(db: Database, creatorIds: string[]): Promise<CreatorVerifiedAccounts[]> {
  const byCreator = await verifiedAccountMap(db, creatorIds);
  return creatorIds.map((creatorId) => ({ creatorId, accounts: byCreator.get(creatorId) ?? [] }));
}

/** Creator id → verified accounts (Instagram first), for the creators given. */
export async function verifiedAccountMap(db: Database, creatorIds: string[]): Promise<Map<string, VerifiedAccount[]>> {
  const map = new Map<string, VerifiedAccount[]>();
  if (creatorIds.length === 0) return map;
  const rows = await db
    .select({ row: accountVerifications })
    .from(accountVerifications)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, accountVerifications.creatorId))
    .where(
      and(
        // One array parameter: matching passes every creator, past a statement's 65,535 parameters.
        sql`${accountVerifications.creatorId} = any(${sql.param(creatorIds)}::text[])`,
        isNotNull(accountVerifications.verifiedAt),
        sql`${accountVerifications.handle} = case ${accountVerifications.platform}
              when 'instagram' then ${creatorProfiles.instagramHandle} else ${creatorProfiles.tiktokHandle} end`,
      ),
    )
    .orderBy(accountVerifications.platform);
  for (const { row } of rows) {
    const accounts = map.get(row.creatorId) ?? [];
    accounts.push({
      platform: row.platform,
      handle: row.handle,
      followers: row.followers,
      tier: tierFor(row.followers),
      verifiedAt: (row.verifiedAt as Date).toISOString(),
    });
    map.set(row.creatorId, accounts);
  }
  return map;
}
