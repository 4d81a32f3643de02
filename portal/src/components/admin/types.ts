import type { CampaignState, CampaignStatus } from '@kollab/contract/campaigns';
import { CLAIM_STATUSES, type ClaimStatus, TRANSITIONS } from '@kollab/contract/claims';
import type { Role } from '../../lib/auth-client';

export type { CampaignStatus };

/** Rows of the admin lists, as `api/src/modules/admin/admin.schemas.ts` returns them. */
export interface AdminUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  locale: 'sv' | 'en';
  emailVerified: boolean;
  suspendedAt: string | null;
  createdAt: string;
}

export interface AdminBrand extends AdminUser {
  companyName: string | null;
  orgNumber: string | null;
  website: string | null;
  instagramHandle: string | null;
  instagramFollowers: number | null;
  campaigns: number;
}

export interface AdminCreator extends AdminUser {
  categories: string[];
  instagramHandle: string | null;
  instagramFollowers: number | null;
  tiktokHandle: string | null;
  tiktokFollowers: number | null;
  tier: 'nano' | 'micro' | null;
  /** When the creator verified their identity with BankID (ADR 026). */
  identityVerifiedAt: string | null;
}

export interface AdminCampaign {
  id: string;
  title: string;
  brand: { id: string; name: string; companyName: string | null };
  status: CampaignStatus;
  state: CampaignState;
  budgetOre: number;
  payoutOre: number;
  slots: number;
  slotsTaken: number;
  startsAt: string;
  endsAt: string;
  createdAt: string;
}

export interface AdminClaim {
  id: string;
  status: ClaimStatus;
  campaign: { id: string; title: string };
  creator: { id: string; name: string; email: string };
  payoutOre: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminSubscriber {
  id: string;
  email: string;
  instagramName: string | null;
  tiktokName: string | null;
  categories: string[];
  locale: 'sv' | 'en';
  consentVersion: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

/** Provider credits and raw requests one user spent on one (Swedish) day. */
export interface ProviderUsageRow {
  id: string;
  day: string;
  userId: string;
  userEmail: string;
  role: Role;
  brandName: string | null;
  credits: number;
  rawRequests: number;
  requests: number;
  cacheHits: number;
}

export interface DeletionRequest {
  id: string;
  userId: string | null;
  email: string;
  locale: 'sv' | 'en';
  source: 'account' | 'public';
  status: 'pending' | 'completed' | 'cancelled';
  confirmedAt: string | null;
  dueAt: string;
  completedAt: string | null;
  createdAt: string;
  /** Set while a due request waits for the account's money to be settled (ADR 022). */
  heldReason: 'withdrawals_pending' | 'balance_held' | null;
  bookkeepingKeptUntil: string | null;
}

export interface AuditEntry {
  id: string;
  actor: { id: string | null; name: string | null; role: string };
  action: string;
  entity: { type: string; id: string };
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** `POST /api/admin/claims/approve`: one result per id. */
export interface BulkApproveResult {
  id: string;
  status: number;
  claimStatus: ClaimStatus | null;
  error: { code: string; message: string } | null;
}

export const ROLES: Role[] = ['creator', 'brand', 'admin'];

export { CLAIM_STATUSES };

/**
 * The claim state machine's transitions, from the API's own table: an admin may force any of them;
 * anything else is a 409.
 */
export const CLAIM_TRANSITIONS = Object.fromEntries(
  CLAIM_STATUSES.map((status) => [status, Object.keys(TRANSITIONS[status]) as ClaimStatus[]]),
) as Record<ClaimStatus, ClaimStatus[]>;
