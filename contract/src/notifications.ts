/* The vocabularies of notifications and e-mail choices (ADR 039), without zod: the portal reads them. */

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

/**
 * The kinds of mail a user may turn off. Account and security mails, receipts and invoices, and
 * payouts are transactional: always sent, shown as such, never listed here.
 */
export const MAIL_CATEGORIES = ['invitations', 'claim_updates', 'messages'] as const;
export type MailCategory = (typeof MAIL_CATEGORIES)[number];
export const TRANSACTIONAL_MAIL_CATEGORIES = ['account', 'receipts', 'payouts'] as const;
