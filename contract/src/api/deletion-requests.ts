import { z } from 'zod';
import { EmailSchema, LocaleSchema, RoleSchema, TokenSchema } from './fields.ts';

export const CreateDeletionRequestBodySchema = z
  .object({ email: EmailSchema, locale: LocaleSchema.default('sv') })
  .meta({ id: 'CreateDeletionRequestBody' });
export type CreateDeletionRequestBody = z.infer<typeof CreateDeletionRequestBodySchema>;

export const DeletionRequestReceivedSchema = z.object({ status: z.literal('received') }).meta({
  id: 'DeletionRequestReceived',
  description: 'The same answer whether or not the address has an account, so the form reveals nothing.',
});

export const ConfirmDeletionRequestBodySchema = z
  .object({ token: TokenSchema })
  .meta({ id: 'ConfirmDeletionRequestBody' });

export const DeletionRequestConfirmedSchema = z
  .object({ status: z.literal('confirmed'), dueAt: z.iso.datetime() })
  .meta({ id: 'DeletionRequestConfirmed' });
export type DeletionRequestConfirmed = z.infer<typeof DeletionRequestConfirmedSchema>;

/**
 * Why a due deletion request is not carried out yet (ADR 022): a withdrawal of the account's is
 * waiting to be paid or returned, or a balance is left that Kollab has nowhere to pay.
 */
export const DELETION_HOLD_REASONS = ['withdrawals_pending', 'balance_held'] as const;
export type DeletionHoldReason = (typeof DELETION_HOLD_REASONS)[number];

const Ore = z.number().int().nonnegative();
const Count = z.number().int().nonnegative();

export const ErasurePlanSchema = z
  .object({
    role: RoleSchema,
    money: z.object({
      availableOre: Ore.meta({ description: 'The balance that can be withdrawn today' }),
      pendingWithdrawals: z
        .object({ count: Count, amountOre: Ore })
        .meta({ description: 'Requested withdrawals: paid or returned before anything is erased' }),
      remainingBalance: z.enum(['none', 'paid_out', 'held']).meta({
        description:
          'What happens to the balance left when the request is processed: paid out in full to `payoutMethod`, ' +
          'or held (the account stays, signed-in, until it is withdrawn)',
      }),
      payoutMethod: z
        .object({ type: z.enum(['bank_account', 'iban', 'swish', 'paypal']), masked: z.string() })
        .nullable(),
    }),
    work: z.object({
      claimsCancelled: Count.meta({ description: 'Claims not yet decided that are cancelled (slots released)' }),
      submissionsAccepted: Count.meta({
        description: "A brand's submitted videos awaiting review, accepted as after the review period",
      }),
      campaignsEnded: Count.meta({ description: "A brand's campaigns that are cancelled" }),
      creatorsNotified: Count.meta({ description: 'Creators with open claims on those campaigns, told by e-mail' }),
      invitationsClosed: Count,
    }),
    bookkeepingKeptUntil: z.iso.date().meta({
      description: 'The last day anonymised bookkeeping records are kept (Bokföringslagen 7 kap. 2 §)',
    }),
  })
  .meta({ id: 'ErasurePlan', description: 'What erasing the account does to its money and work' });
export type ErasurePlan = z.infer<typeof ErasurePlanSchema>;
