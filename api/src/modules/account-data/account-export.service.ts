import { maskPersonalNumber } from '@kollab/contract/personal-number';
import type { Database } from '@kollab/db';
import {
  auditLog,
  balances,
  brandProfiles,
  campaigns,
  claimAgreements,
  claimEvents,
  claims,
  creatorProfiles,
  deletionRequests,
  identityVerifications,
  invitations,
  ledgerEntries,
  messages,
  notifications,
  oauthAccounts,
  passkeys,
  paymentMethods,
  postings,
  submissions,
  subscribers,
  type User,
  withdrawals,
} from '@kollab/db/schema';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { decrypt } from '../../lib/encryption.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { avatarUrl } from '../auth/session-view.ts';
import { getMailPreferences } from '../notifications/mail-preferences.service.ts';
import { ratingsForExport } from '../ratings/ratings.service.ts';
import { toWithdrawalView } from '../withdrawals/withdrawals.service.ts';
import { exportBrandAccount, exportCreatorWork, exportReports, exportSignIns } from './account-export.sections.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Everything stored about the signed-in user, for the right of access. Other people appear only as
 * roles ("brand", "admin"), never by id or name; secrets (password hash, tokens, payment details,
 * the full personal number) are left out or masked.
 */
export async function exportAccountData(deps: { db: Database; secrets: Secrets }, user: User) {
  const { db } = deps;
  const email = user.email.toLowerCase();
  const [oauth, creatorProfile, brandProfile, methods, ownCampaigns, ownInvitations, ownMessages] = await Promise.all([
    db
      .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id)),
    db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, user.id)),
    db.select().from(brandProfiles).where(eq(brandProfiles.userId, user.id)),
    db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)),
    db.select().from(campaigns).where(eq(campaigns.brandId, user.id)).orderBy(asc(campaigns.createdAt)),
    db.select().from(invitations).where(eq(invitations.creatorId, user.id)).orderBy(asc(invitations.createdAt)),
    db.select().from(messages).where(eq(messages.authorId, user.id)).orderBy(asc(messages.id)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      locale: user.locale,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      phone: user.phone,
      personalNumber: user.personalNumberEncrypted
        ? maskPersonalNumber(decrypt(deps.secrets.encryptionKey, user.personalNumberEncrypted))
        : null,
      hasPassword: user.passwordHash !== null,
      image: avatarUrl(user),
      suspendedAt: iso(user.suspendedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    signInProviders: oauth.map((row) => ({ provider: row.provider, linkedAt: iso(row.createdAt) })),
    ...(await exportSignIns(db, user)),
    ...(await exportIdentity(db, user)),
    creatorProfile: creatorProfile[0] ?? null,
    brandProfile: brandProfile[0] ?? null,
    paymentMethods: methods.map((row) => ({
      id: row.id,
      type: row.type,
      masked: row.masked,
      isDefault: row.isDefault,
      createdAt: iso(row.createdAt),
    })),
    campaigns: ownCampaigns,
    ...(await exportBrandAccount(db, user)),
    invitations: ownInvitations.map(({ creatorId: _creator, ...row }) => row),
    claims: await exportClaims(db, user),
    ...(await exportCreatorWork(db, user)),
    messages: ownMessages.map((row) => ({
      id: row.id,
      claimId: row.claimId,
      body: row.body,
      createdAt: iso(row.createdAt),
    })),
    ...(await exportReports(db, user)),
    ratings: await ratingsForExport(db, user.id),
    // What was shown and when, without the payload: its names are other people's (ADR 039).
    notifications: (
      await db
        .select({
          type: notifications.type,
          link: notifications.link,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt))
    ).map((row) => ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) })),
    mailPreferences: await getMailPreferences(db, user.id),
    ...(await exportMoney(db, user)),
    subscriptions: (
      await db
        .select()
        .from(subscribers)
        .where(eq(sql`lower(${subscribers.email})`, email))
    ).map(({ confirmTokenHash: _confirm, unsubscribeTokenHash: _unsubscribe, ...row }) => row),
    deletionRequests: (
      await db
        .select()
        .from(deletionRequests)
        .where(or(eq(deletionRequests.userId, user.id), eq(sql`lower(${deletionRequests.email})`, email)))
    ).map(({ confirmTokenHash: _token, ...row }) => row),
    auditEntries: await exportAudit(db, user),
  };
}

/**
 * Two-factor and passkeys (names and dates; never secrets or keys), the identity verified with
 * BankID (never the personal number's hash) and the agreements the user signed.
 */
async function exportIdentity(db: Database, user: User) {
  const [keys, identity, agreements] = await Promise.all([
    db.select().from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(asc(passkeys.createdAt)),
    db.select().from(identityVerifications).where(eq(identityVerifications.userId, user.id)),
    db
      .select()
      .from(claimAgreements)
      .where(eq(claimAgreements.signerId, user.id))
      .orderBy(asc(claimAgreements.signedAt)),
  ]);
  return {
    twoFactor: {
      enabledAt: iso(user.twoFactorEnabledAt),
      passkeys: keys.map((key) => ({ name: key.name, createdAt: iso(key.createdAt), lastUsedAt: iso(key.lastUsedAt) })),
    },
    identityVerification: identity[0]
      ? {
          method: identity[0].method,
          givenName: identity[0].givenName,
          surname: identity[0].surname,
          birthDate: identity[0].birthDate,
          verifiedAt: iso(identity[0].verifiedAt),
        }
      : null,
    signedAgreements: agreements.map((row) => ({
      claimId: row.claimId,
      text: row.text,
      signerName: row.signerName,
      signerPersonalNumber: row.signerPersonalNumberMasked,
      signedAt: iso(row.signedAt),
    })),
  };
}

/** The creator's claims with their history and submissions; who acted is given by role only. */
async function exportClaims(db: Database, user: User) {
  const rows = await db
    .select({ claim: claims, campaignTitle: campaigns.title })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(eq(claims.creatorId, user.id))
    .orderBy(asc(claims.createdAt));
  const ids = rows.map((row) => row.claim.id);
  const [events, subs] = ids.length
    ? await Promise.all([
        db.select().from(claimEvents).where(inArray(claimEvents.claimId, ids)).orderBy(asc(claimEvents.createdAt)),
        db.select().from(submissions).where(inArray(submissions.claimId, ids)).orderBy(asc(submissions.createdAt)),
      ])
    : [[], []];
  return rows.map(({ claim, campaignTitle }) => ({
    ...claim,
    campaignTitle,
    events: events
      .filter((event) => event.claimId === claim.id)
      .map((event) => ({
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        by: event.actorId === user.id ? 'you' : event.actorRole,
        reason: event.reason,
        createdAt: iso(event.createdAt),
      })),
    submissions: subs.filter((row) => row.claimId === claim.id),
  }));
}

/** Withdrawals, the ledger entries held in the user's name, and the running balances. */
async function exportMoney(db: Database, user: User) {
  const [ownWithdrawals, entries, ownBalances] = await Promise.all([
    db.select().from(withdrawals).where(eq(withdrawals.userId, user.id)).orderBy(asc(withdrawals.createdAt)),
    db
      .select({ entry: ledgerEntries, kind: postings.kind, reference: postings.reference })
      .from(ledgerEntries)
      .innerJoin(postings, eq(postings.id, ledgerEntries.postingId))
      .where(eq(ledgerEntries.holderId, user.id))
      .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
    db
      .select({ account: balances.account, amountOre: balances.amountOre })
      .from(balances)
      .where(eq(balances.holderId, user.id)),
  ]);
  return {
    withdrawals: ownWithdrawals.map(toWithdrawalView),
    ledgerEntries: entries.map(({ entry, kind, reference }) => ({
      id: entry.id,
      account: entry.account,
      amountOre: entry.amountOre,
      posting: { kind, reference },
      createdAt: iso(entry.createdAt),
    })),
    balances: ownBalances,
  };
}

/** What the user did, and what was done to their account (by role, not by whom). */
async function exportAudit(db: Database, user: User) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.actorId, user.id), and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, user.id))))
    .orderBy(asc(auditLog.createdAt));
  return rows.map((row) => ({
    action: row.action,
    by: row.actorId === user.id ? 'you' : row.actorRole,
    entity: { type: row.entityType, id: row.entityId },
    details: row.details,
    createdAt: iso(row.createdAt),
  }));
}
