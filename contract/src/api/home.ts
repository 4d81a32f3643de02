import { z } from 'zod';
import { PROFILE_STEPS } from '../home.ts';

const CampaignRefSchema = z.object({ id: z.string(), title: z.string() });

/** A conversation as the home lists it: the newest first, with what the caller has not read. */
export const HomeConversationSchema = z
  .object({
    claimId: z.string(),
    campaign: CampaignRefSchema,
    /** The other party: the brand's company name for a creator, the creator's name for a brand. */
    counterpart: z.string(),
    unread: z.number().int(),
    lastMessageAt: z.string().nullable(),
  })
  .meta({ id: 'HomeConversation' });
export type HomeConversation = z.infer<typeof HomeConversationSchema>;

const MessagesSchema = z.object({
  /** Unread messages across all the caller's conversations. */
  unread: z.number().int(),
  conversations: z.array(HomeConversationSchema),
});

/**
 * One thing a creator should do, ordered by `dueAt` (soonest first, undated last):
 * `invitation` (answer by the respond-by date), `submit_video` (an approved claim, before the
 * campaign ends), `changes_requested` (the brand asked for changes), `rate` (rate the brand within
 * the rating window).
 */
export const CreatorTodoSchema = z
  .object({
    kind: z.enum(['invitation', 'submit_video', 'changes_requested', 'rate']),
    /** The invitation's id for `invitation`, otherwise the claim's. */
    id: z.string(),
    campaign: CampaignRefSchema,
    brandName: z.string(),
    dueAt: z.string().nullable(),
    /** Invitations: the Swedish working days after today up to the respond-by day (0 on the last day); null otherwise. */
    workingDaysLeft: z.number().int().nullable(),
  })
  .meta({ id: 'CreatorTodo' });
export type CreatorTodo = z.infer<typeof CreatorTodoSchema>;

export const CreatorHomeSchema = z
  .object({
    role: z.literal('creator'),
    todos: z.array(CreatorTodoSchema),
    /** Every open to-do, of which `todos` holds the first ten. */
    todoCount: z.number().int(),
    balance: z.object({
      availableOre: z.number().int(),
      pendingOre: z.number().int(),
      minimumWithdrawalOre: z.number().int(),
    }),
    profile: z.object({
      done: z.array(z.enum(PROFILE_STEPS)),
      /** The first step not done, or null when the profile is complete. */
      next: z.enum(PROFILE_STEPS).nullable(),
    }),
    messages: MessagesSchema,
  })
  .meta({ id: 'CreatorHome' });
export type CreatorHome = z.infer<typeof CreatorHomeSchema>;

/** A claim of the brand's waiting for it: to approve (`pending`) or a video to review (`submitted`). */
export const BrandClaimItemSchema = z
  .object({
    claimId: z.string(),
    campaign: CampaignRefSchema,
    creatorName: z.string(),
    /** When it started waiting (the claim's last change). */
    since: z.string(),
    /** Videos only: when the video is accepted automatically if the brand does nothing. */
    autoAcceptAt: z.string().nullable(),
  })
  .meta({ id: 'BrandClaimItem' });
export type BrandClaimItem = z.infer<typeof BrandClaimItemSchema>;

export const BrandDraftSchema = z
  .object({
    campaign: CampaignRefSchema,
    /** Paid for (funded) but not yet published, or not paid yet. */
    funded: z.boolean(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BrandDraft' });
export type BrandDraft = z.infer<typeof BrandDraftSchema>;

const counted = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const BrandHomeSchema = z
  .object({
    role: z.literal('brand'),
    /** Oldest first: the one waiting longest comes first. */
    claimsToApprove: counted(BrandClaimItemSchema),
    /** Soonest auto-acceptance first. */
    videosToReview: counted(BrandClaimItemSchema),
    /** Drafts, the most recently changed first. */
    drafts: counted(BrandDraftSchema),
    messages: MessagesSchema,
  })
  .meta({ id: 'BrandHome' });
export type BrandHome = z.infer<typeof BrandHomeSchema>;

const QueueSchema = z.object({
  count: z.number().int(),
  /** When the oldest item in the queue arrived (or fell due), or null when the queue is empty. */
  oldestAt: z.string().nullable(),
});

export const AdminHomeSchema = z
  .object({
    role: z.literal('admin'),
    queues: z.object({
      /** Current posts whose caption failed the ad-label check. */
      flaggedClaims: QueueSchema,
      /** Withdrawals requested and not yet paid, sent or rejected. */
      withdrawalsToPay: QueueSchema,
      /** Pending deletion requests whose due date has come. */
      deletionRequestsDue: QueueSchema,
      /** Conversations a participant reported (open moderation cases, ADR 023), which admins answer in Messages. */
      reportedConversations: QueueSchema,
      /** Jobs whose retries are spent (counted up to 100; `oldestAt` is not tracked: null). */
      failedJobs: QueueSchema,
    }),
  })
  .meta({ id: 'AdminHome' });
export type AdminHome = z.infer<typeof AdminHomeSchema>;

export const HomeSchema = z
  .discriminatedUnion('role', [CreatorHomeSchema, BrandHomeSchema, AdminHomeSchema])
  .meta({ id: 'Home' });
export type Home = z.infer<typeof HomeSchema>;
export const HomeEnvelopeSchema = z.object({ data: HomeSchema }).meta({ id: 'HomeResponse' });
