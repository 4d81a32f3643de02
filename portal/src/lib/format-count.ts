import type { Locale } from '../providers/i18n-provider';
import { perLocale } from './once';

// Made on first use, not when a chunk that imports this is evaluated (lib/once.ts).
const formatOf = perLocale(
  (locale: Locale) => new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 0 }),
);

/**
 * A count of things (rows, campaigns, characters) with the locale's digit grouping: "75 000" in
 * Swedish, grouped by a no-break space so the number never wraps between its digits, and "75,000"
 * in English. Totals, estimates ("cirka 75 000") and page ranges all go through here.
 */
export function formatCount(value: number, locale: Locale): string {
  return formatOf(locale).format(value);
}
