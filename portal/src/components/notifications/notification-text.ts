import type { Notification } from '@kollab/contract/api/notifications';
import type { Translate } from '../../hooks/use-t';
import type { Locale } from '../../providers/i18n-provider';

/** The notification's sentence in the reader's language, from its type and what its payload kept. */
export function notificationText(t: Translate, locale: Locale, notification: Notification): string {
  const { campaign = '', creator = '', count = 1, amountOre = 0 } = notification.payload;
  const amount = new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    style: 'currency',
    currency: 'SEK',
    maximumFractionDigits: amountOre % 100 === 0 ? 0 : 2,
  }).format(amountOre / 100);
  const options = { campaign, creator, count, amount };
  if (notification.type === 'new_messages') {
    return t(count > 1 ? 'notifications.type.new_messages_many' : 'notifications.type.new_messages_one', options);
  }
  return t(`notifications.type.${notification.type}`, options);
}

/** When it happened, short: a time today, a date otherwise. */
export function notificationTime(locale: Locale, iso: string, now = new Date()): string {
  const at = new Date(iso);
  const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
  const sameDay = at.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    tag,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
}
