/**
 * A claim's agreement (ADR 026): the creator signs the campaign's terms with BankID `sign`; the exact
 * text, signature and OCSP response are kept in `claim_agreements`; creator, brand and admins read
 * it and download it as PDF. Kept apart from the claims module: claims only gain this table.
 */
import type { ClaimAgreementView } from '@kollab/contract/api/agreements';
import { maskPersonalNumber, parsePersonalNumber } from '@kollab/contract/personal-number';
import type { Database } from '@kollab/db';
import {
  brandProfiles,
  type Campaign,
  type Claim,
  type ClaimAgreement,
  campaigns,
  claimAgreements,
  claims,
  type User,
  users,
} from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { decrypt } from '../../lib/encryption.ts';
import { AppError } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { type BankIdDeps, type CompletionHandler, startBankIdOrder } from '../identity/bankid-orders.service.ts';
import { findIdentity } from '../identity/identity.service.ts';
import { agreementText } from './agreement-text.ts';

interface ClaimContext {
  claim: Claim;
  campaign: Campaign;
  creator: User;
  brandName: string;
  agreement: ClaimAgreement | null;
}

/** The claim with what its agreement needs, if `actor` may see it (its creator, the campaign's brand, admins). */
async function getClaimContext(db: Database, actor: User, claimId: string): Promise<ClaimContext> {
  const [row] = await db
    .select({ claim: claims, campaign: campaigns, creator: users, companyName: brandProfiles.companyName })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .innerJoin(users, eq(users.id, claims.creatorId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(eq(claims.id, claimId));
  const allowed =
    row && (actor.role === 'admin' || row.claim.creatorId === actor.id || row.campaign.brandId === actor.id);
  if (!row || !allowed) throw new AppError('not_found', 'Claim not found');
  const [brand] = row.companyName
    ? [{ fullName: row.companyName }]
    : await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, row.campaign.brandId));
  const [agreement] = await db.select().from(claimAgreements).where(eq(claimAgreements.claimId, claimId));
  return { ...row, brandName: brand?.fullName ?? '', agreement: agreement ?? null };
}

function textFor(context: ClaimContext): string {
  return agreementText(
    { ...context.campaign, payoutOre: context.claim.payoutOre },
    { creatorName: context.creator.fullName, brandName: context.brandName, locale: context.creator.locale },
  );
}

export async function getAgreementView(db: Database, actor: User, claimId: string): Promise<ClaimAgreementView> {
  const context = await getClaimContext(db, actor, claimId);
  const { agreement } = context;
  return {
    claimId,
    status: agreement ? 'signed' : 'unsigned',
    text: agreement?.text ?? textFor(context),
    signedAt: agreement?.signedAt.toISOString() ?? null,
    signerName: agreement?.signerName ?? null,
    signerPersonalNumberMasked: agreement?.signerPersonalNumberMasked ?? null,
  };
}

const SIGNABLE: ReadonlySet<Claim['status']> = new Set(['pending', 'approved', 'submitted', 'changes_requested']);

/** The creator starts signing: a BankID sign order showing the agreement; their own number only, once verified. */
export async function startAgreementSigning(deps: BankIdDeps, creator: User, claimId: string, endUserIp: string) {
  const context = await getClaimContext(deps.db, creator, claimId);
  if (context.claim.creatorId !== creator.id) throw new AppError('forbidden', 'Only the creator signs the agreement');
  if (context.agreement) throw new AppError('conflict', 'The agreement is already signed');
  if (!SIGNABLE.has(context.claim.status))
    throw new AppError('conflict', `A ${context.claim.status} claim is not signed`);
  const identity = await findIdentity(deps.db, creator.id);
  const personalNumber =
    identity && creator.personalNumberEncrypted
      ? decrypt(deps.secrets.encryptionKey, creator.personalNumberEncrypted).replace('-', '')
      : undefined;
  return startBankIdOrder(deps, creator, {
    purpose: 'sign_claim',
    claimId,
    endUserIp,
    userVisibleData: textFor(context),
    ...(personalNumber ? { personalNumber } : {}),
  });
}

/** The completion handler of sign orders: keeps text, signature and OCSP response with the claim. */
export function keepSignedAgreement(secrets: Secrets): CompletionHandler {
  return async (tx, order, completion, now) => {
    const parsed = parsePersonalNumber(completion.user.personalNumber, now);
    if (!parsed.ok) return parsed.error === 'under_18' ? 'under_18' : 'wrong_person';
    const [signer] = await tx.select().from(users).where(eq(users.id, order.userId));
    const verified = await findIdentity(tx, order.userId);
    if (verified && signer?.personalNumberEncrypted) {
      if (decrypt(secrets.encryptionKey, signer.personalNumberEncrypted) !== parsed.value.normalized)
        return 'wrong_person';
    }
    if (!order.claimId || order.userVisibleData === null) throw new Error('sign order without claim or text');
    const inserted = await tx
      .insert(claimAgreements)
      .values({
        claimId: order.claimId,
        signerId: order.userId,
        text: order.userVisibleData,
        signature: completion.signature,
        ocspResponse: completion.ocspResponse,
        signerName: completion.user.name,
        signerPersonalNumberMasked: maskPersonalNumber(parsed.value.normalized),
        orderRef: order.orderRef,
        signedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: claimAgreements.id });
    if (inserted.length > 0) {
      await recordAudit(tx, { id: order.userId, role: 'creator' }, 'claim.agreement_signed', {
        type: 'claim',
        id: order.claimId,
      });
    }
    return null;
  };
}

/** The signed agreement for a PDF, in the reader's language. */
export async function getSignedAgreement(db: Database, actor: User, claimId: string): Promise<ClaimAgreement> {
  const { agreement } = await getClaimContext(db, actor, claimId);
  if (!agreement) throw new AppError('not_found', 'The agreement is not signed yet');
  return agreement;
}
