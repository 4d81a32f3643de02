import type { Locale } from '../../providers/i18n-provider';

const TAGS: Record<Locale, string> = { sv: 'sv-SE', en: 'en-GB' };

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday), in the browser's time zone. */
export function daysAgo(date: Date, now = new Date()): number {
  return Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
}

/** A key that is the same for two times on the same local day. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

export function formatTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** The date of a day separator without the relative words ("måndag 3 november", year when not this year). */
export function formatDay(iso: string, locale: Locale, now = new Date()): string {
  const date = new Date(iso);
  return new Intl.DateTimeFormat(TAGS[locale], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** Short time for the conversation list: "14:05" today, "tis" this week, "3 nov" before that. */
export function formatListTime(iso: string, locale: Locale, now = new Date()): string {
  const date = new Date(iso);
  const days = daysAgo(date, now);
  if (days === 0) return formatTime(iso, locale);
  if (days > 0 && days < 7) return new Intl.DateTimeFormat(TAGS[locale], { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(TAGS[locale], {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}
