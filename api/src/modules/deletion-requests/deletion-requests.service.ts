import type { CreateDeletionRequestBody, DeletionRequestConfirmed } from '@kollab/contract/api/deletion-requests';
import type { Database } from '@kollab/db';
import { deletionRequests, users } from '@kollab/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

/** The privacy policy promises erasure within 14 days of the request. */
export const DELETION_DUE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long the link that confirms a public deletion request works (ADR 021): erasure cannot be
 * undone, so the link is short-lived; asking again is one form away.
 */
export const CONFIRM_LINK_LIFETIME_MS = DAY_MS;
/** At most this many confirmation mails per address and hour. */
const MAILS_PER_ADDRESS = { limit: 3, windowSeconds: 3600 };

export interface DeletionRequestOutcome {
  email: string;
  locale: 'sv' | 'en';
  /** Null when the address already got too many mails lately. */
  confirmToken: string | null;
}

/**
 * Files a public deletion request for an address, whether or not it has an account. A second
 * request while one is still unconfirmed replaces that one's token instead of adding a row.
 */
export async function createDeletionRequest(
  db: Database,
  input: CreateDeletionRequestBody,
  now = new Date(),
): Promise<DeletionRequestOutcome> {
  const email = input.email.toLowerCase();
  const confirmToken = generateToken();
  const account = await db.query.users.findFirst({
    where: eq(sql`lower(${users.email})`, email),
    columns: { id: true },
  });
  const open = await db.query.deletionRequests.findFirst({
    where: and(
      eq(sql`lower(${deletionRequests.email})`, email),
      eq(deletionRequests.source, 'public'),
      eq(deletionRequests.status, 'pending'),
      isNull(deletionRequests.confirmedAt),
    ),
    columns: { id: true },
  });
  if (open) {
    await db
      .update(deletionRequests)
      .set({
        confirmTokenHash: hashToken(confirmToken),
        confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS),
        userId: account?.id ?? null,
        locale: input.locale,
        updatedAt: now,
      })
      .where(eq(deletionRequests.id, open.id));
  } else {
    await db.insert(deletionRequests).values({
      email,
      userId: account?.id ?? null,
      locale: input.locale,
      source: 'public',
      confirmTokenHash: hashToken(confirmToken),
      confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS),
      dueAt: new Date(now.getTime() + DELETION_DUE_DAYS * DAY_MS),
    });
  }
  const { allowed } = await consumeRateLimit(db, `deletion-mail:${email}`, MAILS_PER_ADDRESS);
  return { email, locale: input.locale, confirmToken: allowed ? confirmToken : null };
}

/**
 * Confirms a public deletion request from the link in its mail. The token works once and only until
 * it expires; an expired one changes nothing.
 * @throws not_found for an unknown, used, expired or forged token.
 */
export async function confirmDeletionRequest(
  db: Database,
  token: string,
  now = new Date(),
): Promise<DeletionRequestConfirmed> {
  const [row] = await db
    .update(deletionRequests)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(deletionRequests.confirmTokenHash, hashToken(token)),
        gt(deletionRequests.confirmTokenExpiresAt, now),
        eq(deletionRequests.status, 'pending'),
      ),
    )
    .returning({ dueAt: deletionRequests.dueAt });
  if (!row) throw new AppError('not_found', 'Confirmation link is invalid, expired or already used');
  return { status: 'confirmed', dueAt: row.dueAt.toISOString() };
}
