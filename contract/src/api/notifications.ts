import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../notifications.ts';

export { MAIL_CATEGORIES, type MailCategory, NOTIFICATION_TYPES, type NotificationType } from '../notifications.ts';

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
