import type { Database } from '@kollab/db';
import {
  accountVerifications,
  bankIdOrders,
  billingAddresses,
  billingDocuments,
  campaigns,
  clientLogs,
  conversationReads,
  creatorEarnings,
  creatorTaxProfiles,
  emailTokens,
  moderationCases,
  paymentRefunds,
  payments,
  postReadings,
  providerUsage,
  recoveryCodes,
  sessions,
  trackedPosts,
  trackingUsage,
  type User,
} from '@kollab/db/schema';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';

// The sections of the right-of-access export (GDPR art. 15/20) that later modules added: each
// table holding a user id is read here or in account-export.service.ts. Secrets (token hashes,
// recovery codes, BankID start tokens, encrypted payee details) and other people's ids (the brand
// a post is read for) are left out; costs a brand pays for reading a creator's post are the brand's.

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Where the user is signed in and sign-in traces: sessions, mailed links, BankID orders, client logs. */
export async function exportSignIns(db: Database, user: User) {
  const [ownSessions, links, orders, logs, [codes]] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
    db.select().from(emailTokens).where(eq(emailTokens.userId, user.id)).orderBy(asc(emailTokens.createdAt)),
    db.select().from(bankIdOrders).where(eq(bankIdOrders.userId, user.id)).orderBy(asc(bankIdOrders.startedAt)),
    db.select().from(clientLogs).where(eq(clientLogs.userId, user.id)).orderBy(asc(clientLogs.createdAt)),
    db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  return {
    sessions: ownSessions.map((row) => ({
      createdAt: iso(row.createdAt),
      authenticatedAt: iso(row.authenticatedAt),
      lastSeenAt: iso(row.lastSeenAt),
      expiresAt: iso(row.expiresAt),
      userAgent: row.userAgent,
      networkRange: row.ipPrefix,
    })),
    emailLinks: links.map((row) => ({
      purpose: row.purpose,
      email: row.email,
      createdAt: iso(row.createdAt),
      expiresAt: iso(row.expiresAt),
      usedAt: iso(row.usedAt),
    })),
    recoveryCodesLeft: codes?.left ?? 0,
    bankIdOrders: orders.map((row) => ({
      purpose: row.purpose,
      claimId: row.claimId,
      status: row.status,
      hintCode: row.hintCode,
      refusal: row.refusal,
      userVisibleData: row.userVisibleData,
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
    })),
    clientLogs: logs.map((row) => ({
      level: row.level,
      code: row.code,
      details: row.details,
      createdAt: iso(row.createdAt),
    })),
  };
}

/**
 * A creator's work as Kollab watched it (ADR 032, 033): the accounts they proved owning, each
 * submitted post with its caption, ad-label verdict and every read of its numbers, how far they read
 * each conversation, their tax status and the split of every payout.
 */
export async function exportCreatorWork(db: Database, user: User) {
  const [verifications, posts, reads, taxProfile, earnings] = await Promise.all([
    db
      .select()
      .from(accountVerifications)
      .where(eq(accountVerifications.creatorId, user.id))
      .orderBy(asc(accountVerifications.platform)),
    db
      .select({ post: trackedPosts, campaignTitle: campaigns.title })
      .from(trackedPosts)
      .innerJoin(campaigns, eq(campaigns.id, trackedPosts.campaignId))
      .where(eq(trackedPosts.creatorId, user.id))
      .orderBy(asc(trackedPosts.createdAt), asc(trackedPosts.id)),
    db
      .select({
        claimId: conversationReads.claimId,
        lastReadId: conversationReads.lastReadId,
        lastNotifiedAt: conversationReads.lastNotifiedAt,
      })
      .from(conversationReads)
      .where(eq(conversationReads.userId, user.id))
      .orderBy(asc(conversationReads.claimId)),
    db.select().from(creatorTaxProfiles).where(eq(creatorTaxProfiles.userId, user.id)),
    db
      .select()
      .from(creatorEarnings)
      .where(eq(creatorEarnings.creatorId, user.id))
      .orderBy(asc(creatorEarnings.paidOn), asc(creatorEarnings.id)),
  ]);
  const postIds = posts.map((row) => row.post.id);
  const readings = postIds.length
    ? await db
        .select()
        .from(postReadings)
        .where(inArray(postReadings.trackedPostId, postIds))
        .orderBy(asc(postReadings.readAt), asc(postReadings.id))
    : [];
  const profile = taxProfile[0];
  return {
    verifiedAccounts: verifications.map((row) => ({
      platform: row.platform,
      handle: row.handle,
      linkedAt: iso(row.linkedAt),
      verifiedAt: iso(row.verifiedAt),
      followers: row.followers,
    })),
    trackedPosts: posts.map(({ post, campaignTitle }) => ({
      id: post.id,
      claimId: post.claimId,
      campaignId: post.campaignId,
      campaignTitle,
      platform: post.platform,
      url: post.url,
      status: post.status,
      postedAt: iso(post.postedAt),
      caption: post.caption,
      adLabel: post.adLabel,
      adLabelCheckedAt: iso(post.adLabelCheckedAt),
      nextRead: post.nextMilestone,
      nextReadAt: iso(post.nextReadAt),
      pausedReason: post.pausedReason,
      disappearedAt: iso(post.disappearedAt),
      createdAt: iso(post.createdAt),
      readings: readings
        .filter((reading) => reading.trackedPostId === post.id)
        .map((reading) => ({
          milestone: reading.milestone,
          readAt: iso(reading.readAt),
          views: reading.views,
          likes: reading.likes,
          comments: reading.comments,
          shares: reading.shares,
          typicalViews: reading.typicalViews,
        })),
    })),
    conversationReads: reads.map((row) => ({ ...row, lastNotifiedAt: iso(row.lastNotifiedAt) })),
    taxProfile: profile
      ? {
          status: profile.status,
          orgNumber: profile.orgNumber,
          vatRegistered: profile.vatRegistered,
          birthDate: profile.birthDate,
          updatedAt: iso(profile.updatedAt),
        }
      : null,
    earnings: earnings.map(({ creatorId: _creator, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) })),
  };
}

/**
 * A brand's account with Kollab: its billing address, payments, refunds and the documents issued
 * to it, and what its searches and post reads spent (ADR 011, 024, 025, 033). Payees' bank details
 * stay encrypted and out.
 */
export async function exportBrandAccount(db: Database, user: User) {
  const [address, ownPayments, refunds, documents, tracking, discovery] = await Promise.all([
    db.select().from(billingAddresses).where(eq(billingAddresses.userId, user.id)),
    db.select().from(payments).where(eq(payments.brandId, user.id)).orderBy(asc(payments.createdAt)),
    db.select().from(paymentRefunds).where(eq(paymentRefunds.brandId, user.id)).orderBy(asc(paymentRefunds.createdAt)),
    db
      .select()
      .from(billingDocuments)
      .where(eq(billingDocuments.brandId, user.id))
      .orderBy(asc(billingDocuments.issuedOn), asc(billingDocuments.number)),
    db
      .select({
        month: trackingUsage.month,
        creditHundredths: trackingUsage.creditHundredths,
        rawRequests: trackingUsage.rawRequests,
      })
      .from(trackingUsage)
      .where(eq(trackingUsage.brandId, user.id))
      .orderBy(asc(trackingUsage.month)),
    db
      .select({
        day: providerUsage.day,
        creditHundredths: providerUsage.creditHundredths,
        rawRequests: providerUsage.rawRequests,
        requests: providerUsage.requests,
        cacheHits: providerUsage.cacheHits,
      })
      .from(providerUsage)
      .where(eq(providerUsage.userId, user.id))
      .orderBy(asc(providerUsage.day)),
  ]);
  const billing = address[0];
  return {
    billingAddress: billing
      ? { street: billing.street, postalCode: billing.postalCode, city: billing.city, country: billing.country }
      : null,
    payments: ownPayments.map(({ brandId: _brand, createdAt, updatedAt, paidAt, ...row }) => ({
      ...row,
      paidAt: iso(paidAt),
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    })),
    refunds: refunds.map(({ brandId: _brand, creditorEncrypted: _payee, createdAt, updatedAt, ...row }) => ({
      ...row,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    })),
    billingDocuments: documents.map((row) => ({
      id: row.id,
      kind: row.kind,
      documentNumber: row.documentNumber,
      campaignId: row.campaignId,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      ocr: row.ocr,
      buyer: row.buyer,
      lines: row.lines,
      netOre: row.netOre,
      vatOre: row.vatOre,
      totalOre: row.totalOre,
      paidOre: row.paidOre,
      paidAt: iso(row.paidAt),
      mailedAt: iso(row.mailedAt),
    })),
    trackingUsage: tracking,
    discoveryUsage: discovery,
  };
}

/** Conversations the user reported to Kollab's moderators (ADR 023), with the reason they gave. */
export async function exportReports(db: Database, user: User) {
  const rows = await db
    .select()
    .from(moderationCases)
    .where(eq(moderationCases.openedBy, user.id))
    .orderBy(asc(moderationCases.createdAt));
  return {
    moderationReports: rows.map((row) => ({
      claimId: row.claimId,
      reason: row.reason,
      status: row.status,
      createdAt: iso(row.createdAt),
      closedAt: iso(row.closedAt),
    })),
  };
}
