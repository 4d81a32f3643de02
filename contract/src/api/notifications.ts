import { z } from 'zod';

/**
 * What a notification tells its recipient (ADR 039). The creator hears about invitations, their
 * claims and videos and paid withdrawals; the brand about new claims, videos to review and payments
 * received; both about new messages (one unread notification per conversation).
 */
export const NOTIFICATION_TYPES = [
  'invitation_received',
  'claim_received',
  'claim_approved',
  'claim_rejected',
  'claim_cancelled',
  'claim_expired',
  'video_submitted',
  'changes_requested',
  'video_accepted',
  'new_messages',
  'withdrawal_paid',
  'payment_received',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What the notification's text needs: names as they were when it was made, so it reads the same later. */
export const NotificationPayloadSchema = z
  .object({
    campaign: z.string().optional(),
    creator: z.string().optional(),
    /** How many messages arrived while it was unread (`new_messages`). */
    count: z.number().optional(),
    amountOre: z.number().optional(),
  })
  .meta({ id: 'NotificationPayload' });
export type NotificationPayload = z.infer<typeof NotificationPayloadSchema>;

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    payload: NotificationPayloadSchema,
    /** The portal path the notification opens, e.g. `/claims/abc`. */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200, 'too_long').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** `true`: only unread notifications. */
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z
  .object({
    data: z.array(NotificationSchema),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
    unreadCount: z.number(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number() }).meta({ id: 'NotificationUnreadCount' });

/**
 * The kinds of mail a user may turn off. Account and security mails, receipts and invoices, and
 * payouts are transactional: always sent, shown as such, never listed here.
 */
export const MAIL_CATEGORIES = ['invitations', 'claim_updates', 'messages'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];
export const TRANSACTIONAL_MAIL_CATEGORIES = ['account', 'receipts', 'payouts'] as const;

export const MailPreferencesSchema = z
  .object({
    invitations: z.boolean(),
    claim_updates: z.boolean(),
    messages: z.boolean(),
  })
  .meta({ id: 'MailPreferences' });
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;
export const MailPreferencesEnvelopeSchema = z
  .object({ data: MailPreferencesSchema })
  .meta({ id: 'MailPreferencesResponse' });
export const MailPreferencesBodySchema = z
  .object({
    invitations: z.boolean({ message: 'invalid_value' }).optional(),
    claim_updates: z.boolean({ message: 'invalid_value' }).optional(),
    messages: z.boolean({ message: 'invalid_value' }).optional(),
  })
  .strict()
  .meta({ id: 'MailPreferencesBody' });
